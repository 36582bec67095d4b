import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';

/**
 * The catalogue's serialized responses, kept until the next write that changes a medicine or its
 * stock. PGlite answers one query at a time (~300 list requests/s) and PostgreSQL ~960, far below
 * what the catalogue must serve (issue 3), while reads outnumber writes by orders of magnitude.
 *
 * Every instance on one database listens on one channel; a write clears the local cache at once
 * (so the writer's next read sees it) and notifies the others, which clear theirs on delivery.
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/** Distinct filter combinations kept; the least recently used goes first, so odd query strings cannot grow memory. */
const MAX_ENTRIES = 2000;

export type CatalogueCache = {
  /** The stored response for `key`, if one is ready: the hot path, with no promise to wait on. */
  peek(key: string): string | undefined;
  /** The response for `key`: computed by `load` once, shared by concurrent callers, kept until a write. */
  get(key: string, load: () => Promise<string>): Promise<string>;
  /** Call after every committed write to medicines or their stock. */
  invalidate(): Promise<void>;
  /**
   * How many times the catalogue has changed so far, here or on another instance: anything computed
   * from it while the generation was lower is out of date (the server-rendered pages' cache).
   */
  generation(): number;
};

export async function createCatalogueCache(database: Database): Promise<CatalogueCache> {
  // Pending loads are stored too: a burst of misses after a write costs one query, not one each.
  // A load that started before a write was dropped from the map by `clear`, so it is never kept.
  const entries = new LRUCache<string, string | Promise<string>>({ max: MAX_ENTRIES });
  let generation = 0;
  const clear = () => {
    entries.clear();
    generation++;
  };
  await database.listen(CATALOGUE_CHANNEL, clear);

  // A burst of writes (checkouts under load) shares notifications: while one is on its way, later
  // writes wait for a single next one, sent after all of them committed, so none is missed.
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
    sending = database.notify(CATALOGUE_CHANNEL, '').finally(() => {
      sending = undefined;
    });
    return sending;
  };

  return {
    peek(key) {
      const entry = entries.get(key);
      return typeof entry === 'string' ? entry : undefined;
    },
    async get(key, load) {
      const entry = entries.get(key);
      if (entry !== undefined) return entry;
      const loading = load();
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
    async invalidate() {
      clear();
      await broadcast();
    },
    generation: () => generation,
  };
}
