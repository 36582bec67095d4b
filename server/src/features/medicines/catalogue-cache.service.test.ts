import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { CATALOGUE_CHANNEL, createCatalogueCache } from './catalogue-cache.service';

/** Just the LISTEN/NOTIFY half of a database, with notifications that finish when the test says. */
function fakeDatabase() {
  const listeners: ((payload: string) => void)[] = [];
  const notifications: { payload: string; finish: () => void }[] = [];
  const database = {
    listen: (channel: string, onPayload: (payload: string) => void) => {
      expect(channel).toBe(CATALOGUE_CHANNEL);
      listeners.push(onPayload);
      return Promise.resolve();
    },
    notify: (_channel: string, payload: string) =>
      new Promise<void>((resolve) => {
        notifications.push({ payload, finish: resolve });
      }),
  } as unknown as Database;
  return {
    database,
    notifications,
    deliver: (payload = '') => listeners.forEach((listener) => listener(payload)),
  };
}

/** These fakes are no PostgreSQL, so the change check that would log never runs. */
const silentLog = Fastify({ logger: false }).log;

/** The medicines a notification names, without its sender. */
const named = (notifications: { payload: string }[]) => notifications.map(({ payload }) => payload.split('|')[1]);

const deferred = () => {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('catalogue cache', () => {
  it('loads a key once for concurrent callers and keeps it until a notification arrives', async () => {
    const { database, deliver } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    let loads = 0;
    const load = () => Promise.resolve(`body ${++loads}`);
    const bodies = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(bodies.map(String)).toEqual(['body 1', 'body 1']);
    expect(String(cache.peek('k'))).toBe('body 1');
    deliver();
    expect(cache.peek('k')).toBeUndefined();
    expect(String(await cache.get('k', load))).toBe('body 2');
  });

  it('never keeps a load that started before a write', async () => {
    const { database, notifications } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    const slow = deferred();
    const reading = cache.get('k', () => slow.promise);
    const writing = cache.invalidate();
    slow.resolve('old');
    expect(String(await reading)).toBe('old');
    expect(cache.peek('k')).toBeUndefined();
    notifications[0]!.finish();
    await writing;
  });

  it('does not remember a failed load', async () => {
    const { database } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    const failing = deferred();
    const first = cache.get('k', () => failing.promise);
    failing.reject(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    expect(String(await cache.get('k', () => Promise.resolve('fresh')))).toBe('fresh');
  });

  it('shares notifications among a burst of writes without missing the last one', async () => {
    const { database, notifications } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    const settled: string[] = [];
    const write = (name: string) => cache.invalidate().then(() => settled.push(name));
    void write('a');
    await tick();
    expect(notifications).toHaveLength(1);
    // Written while the first notification is on its way: one more covers both.
    void write('b');
    void write('c');
    await tick();
    expect(notifications).toHaveLength(1);
    notifications[0]!.finish();
    await tick();
    expect(settled).toEqual(['a']);
    expect(notifications).toHaveLength(2);
    notifications[1]!.finish();
    await tick();
    expect(settled).toEqual(['a', 'b', 'c']);
    expect(notifications).toHaveLength(2);
  });

  it('counts a generation for every change, written here or notified by another instance', async () => {
    const { database, notifications, deliver } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    expect(cache.generation()).toBe(0);
    const writing = cache.invalidate();
    expect(cache.generation()).toBe(1);
    notifications[0]!.finish();
    await writing;
    deliver();
    expect(cache.generation()).toBe(2);
  });

  it('tells which medicines changed since a generation, when every change since named them', async () => {
    const { database, notifications, deliver } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    void cache.invalidate(['a']);
    void cache.invalidate(['b', 'c']);
    expect(cache.changedSince(0)).toEqual(new Set(['a', 'b', 'c']));
    expect(cache.changedSince(1)).toEqual(new Set(['b', 'c']));
    expect(cache.changedSince(2)).toEqual(new Set());
    // Another instance's order, then a change that named nothing (an admin's edit).
    deliver('d,e');
    expect(cache.changedSince(2)).toEqual(new Set(['d', 'e']));
    deliver('');
    expect(cache.changedSince(2)).toBeUndefined();
    expect(cache.changedSince(4)).toEqual(new Set());
    void cache.invalidate();
    expect(cache.changedSince(4)).toBeUndefined();
    // The first notification named 'a'; the one after it covers every write made meanwhile.
    expect(named(notifications)).toEqual(['a']);
    notifications[0]!.finish();
    await tick();
    await tick();
    expect(named(notifications)).toEqual(['a', '']);
  });

  it('names the medicines of a burst of orders in the one notification that follows', async () => {
    const { database, notifications } = fakeDatabase();
    const cache = await createCatalogueCache(database, silentLog);
    void cache.invalidate(['a']);
    void cache.invalidate(['b']);
    void cache.invalidate(['c', 'b']);
    notifications[0]!.finish();
    await tick();
    await tick();
    expect(named(notifications)).toEqual(['a', 'b,c']);
  });

  it("skips its own notification's echo, while another instance on the database clears on it", async () => {
    const { database, notifications, deliver } = fakeDatabase();
    const writer = await createCatalogueCache(database, silentLog);
    const other = await createCatalogueCache(database, silentLog);
    void writer.invalidate(['a']);
    expect(writer.generation()).toBe(1);
    // The database hands the notification to every listener, the writer's own included.
    deliver(notifications[0]!.payload);
    expect(writer.generation()).toBe(1);
    expect(other.generation()).toBe(1);
    expect(other.changedSince(0)).toEqual(new Set(['a']));
  });
});
