import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { count, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { medicines } from '../../db/schema';
import { taskFailures, type TaskLog } from '../../db/database-down';
import { startPeriodicTask } from '../../periodic-task';

/**
 * The catalogue's serialized responses, kept until the next write that changes a medicine or its
 * stock. PGlite answers one query at a time (~300 list requests/s) and PostgreSQL ~960, far below
 * what the catalogue must serve, while reads outnumber writes by orders of magnitude. They are kept
 * as UTF-8 bytes: a cached answer is sent as it is, with no encoding per request, and kilobytes of
 * bodies stay out of the JavaScript heap that the garbage collector walks.
 *
 * Every instance on one database listens on one channel; a write clears the local cache at once
 * (so the writer's next read sees it) and notifies the others, which clear theirs on delivery. On
 * PostgreSQL a periodic check catches a notice lost without the listening connection noticing.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** Distinct filter combinations kept; the least recently used goes first, so odd query strings cannot grow memory. */
const MAX_ENTRIES = 2000;

export type CatalogueCache = {
  /** The stored response for `key`, if one is ready: the hot path, with no promise to wait on. */
  peek(key: string): Buffer | undefined;
  /** The response for `key`: the JSON `load` makes, once, shared by concurrent callers, kept until a write. */
  get(key: string, load: () => Promise<string>): Promise<Buffer>;
  /**
   * Call after every committed write to medicines or their stock, naming the medicines it changed
   * when it knows them (an order's stock), so that an index can refresh just those rows.
   */
  invalidate(medicineIds?: string[]): Promise<void>;
  /**
   * How many times the catalogue has changed so far, here or on another instance: anything computed
   * from it while the generation was lower is out of date (the server-rendered pages' cache).
   */
  generation(): number;
  /**
   * The medicines changed since `generation`, here or on another instance, when every change since
   * then named them; undefined when one did not, or it is too long ago to say.
   */
  changedSince(generation: number): Set<string> | undefined;
  /** Stops the periodic check, waiting for a running one. */
  close(): Promise<void>;
};

/**
 * What a service that writes medicines or their stock needs of the cache: to drop what its write
 * changed, once the write has committed.
 */
export type CatalogueWriter = Pick<CatalogueCache, 'invalidate'>;

/** How often an instance on PostgreSQL looks for a change whose notice it missed. */
export const CHANGE_CHECK_EVERY_MS = 5000;

/** How many recent changes are remembered by the medicines they touched. */
const MAX_REMEMBERED_CHANGES = 1000;
/** PostgreSQL refuses a NOTIFY payload from 8,000 bytes; a change naming more is sent as "anything". */
const MAX_PAYLOAD_BYTES = 7_900;
/** The payload of a change that names no medicines: anything may have changed. */
const ANY_CHANGE = '';
/**
 * A notification starts with its sender and this mark: the sender cleared its own cache when it
 * wrote, so it skips its own echo rather than clearing and re-reading the same medicines twice.
 */
const SENDER_MARK = '|';

/**
 * Every `everyMs`, the medicines' fingerprint (their number and the sum of their versions, which every
 * write to a medicine or its stock raises) is compared with the last one seen; `onChanged` when it
 * moved. One aggregate over the table, so it costs a query per interval, whatever the traffic. A
 * change this instance made or was told of moves it too, and clears the cache once more: harmless,
 * and far cheaper than telling those apart. Answers a stop function that waits for a running check.
 */
function startChangeCheck(db: Db, everyMs: number, log: TaskLog, onChanged: () => void): () => Promise<void> {
  let last: string | undefined;
  return startPeriodicTask(
    everyMs,
    async () => {
      const [row] = await db
        .select({ rows: count(), versions: sql<string>`coalesce(sum(${medicines.version}), 0)::text` })
        .from(medicines);
      const fingerprint = `${row!.rows}:${row!.versions}`;
      if (last !== undefined && fingerprint !== last) onChanged();
      last = fingerprint;
    },
    { report: taskFailures(log, 'checking the catalogue for changes failed') },
  );
}

export async function createCatalogueCache(database: Database, log: TaskLog): Promise<CatalogueCache> {
  // Pending loads are stored too: a burst of misses after a write costs one query, not one each.
  // A load that started before a write was dropped from the map by `clear`, so it is never kept.
  const entries = new LRUCache<string, Buffer | Promise<Buffer>>({ max: MAX_ENTRIES });
  let generation = 0;
  /** The medicines each recent generation changed (undefined: not known), oldest first. */
  const changes: { generation: number; ids: string[] | undefined }[] = [];
  const clear = (ids: string[] | undefined) => {
    entries.clear();
    generation++;
    changes.push({ generation, ids });
    if (changes.length > MAX_REMEMBERED_CHANGES) changes.shift();
  };
  const sender = randomUUID();
  await database.listen(
    CATALOGUE_CHANNEL,
    (notification) => {
      // A payload without a sender comes from another instance: one older than the mark, or a person.
      const at = notification.indexOf(SENDER_MARK);
      if (at !== -1 && notification.slice(0, at) === sender) return;
      const payload = notification.slice(at + 1);
      clear(payload === ANY_CHANGE ? undefined : payload.split(','));
    },
    // Notifications were lost with the listening connection: anything may have changed meanwhile.
    () => clear(undefined),
  );
  // Only PostgreSQL can have other instances writing: PGlite's DATA_DIR admits one process.
  const stopChangeCheck =
    database.driver === 'pg'
      ? startChangeCheck(database.db, CHANGE_CHECK_EVERY_MS, log, () => clear(undefined))
      : async () => {};

  // A burst of writes (checkouts under load) shares notifications: while one is on its way, later
  // writes wait for a single next one, sent after all of them committed, so none is missed.
  // The medicines the next notification names: every write since the last one was sent.
  let unsent: Set<string> | undefined = new Set();
  let sending: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const broadcast = (): Promise<void> => {
    if (queued) return queued;
    if (sending) {
      queued = sending
        .catch(() => {})
        .then(() => {
          queued = undefined;
          return broadcast();
        });
      return queued;
    }
    const from = (named: string) => `${sender}${SENDER_MARK}${named}`;
    let payload = from(unsent ? [...unsent].join(',') : ANY_CHANGE);
    if (Buffer.byteLength(payload) >= MAX_PAYLOAD_BYTES) payload = from(ANY_CHANGE);
    unsent = new Set();
    sending = database.notify(CATALOGUE_CHANNEL, payload).finally(() => {
      sending = undefined;
    });
    return sending;
  };

  return {
    peek(key) {
      const entry = entries.get(key);
      return entry instanceof Buffer ? entry : undefined;
    },
    async get(key, load) {
      const entry = entries.get(key);
      if (entry !== undefined) return entry;
      const loading = load().then((json) => Buffer.from(json));
      entries.set(key, loading);
      try {
        const body = await loading;
        if (entries.get(key) === loading) entries.set(key, body);
        return body;
      } catch (error) {
        // A failure (a 404, a lost connection) is not remembered.
        if (entries.get(key) === loading) entries.delete(key);
        throw error;
      }
    },
    async invalidate(medicineIds) {
      clear(medicineIds);
      if (!medicineIds) unsent = undefined;
      else if (unsent) for (const id of medicineIds) unsent.add(id);
      await broadcast();
    },
    generation: () => generation,
    changedSince(since) {
      const later = changes.filter((change) => change.generation > since);
      // Every generation after `since` must still be remembered, each naming its medicines.
      if (later.length !== generation - since || later.some((change) => !change.ids)) return undefined;
      return new Set(later.flatMap((change) => change.ids!));
    },
    close: stopChangeCheck,
  };
}
