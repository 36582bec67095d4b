import type { Db } from './client';

/**
 * A query built once per database instead of once per call: Drizzle's query building is most of
 * the server's CPU on the hot paths (the order benchmark). On PostgreSQL the name also makes
 * each pooled connection parse and plan it only once. Names must be unique across the server.
 */
export function preparedQuery<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const byDatabase = new WeakMap<Db, Query>();
  return (db) => {
    let query = byDatabase.get(db);
    if (!query) {
      query = build(db);
      byDatabase.set(db, query);
    }
    return query;
  };
}
