import type { RunReport } from '../periodic-task';
import { sqlState } from './retry';

/**
 * The database could not be reached (its port closed or the connection cut, the server shutting down
 * or not yet accepting connections, SQLSTATE class 08 or 57P01–57P03): the instance is unavailable,
 * not at fault. Not ENOENT: that is a file missing from the disk as often as a socket.
 */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const GONE_STATES = new Set(['57P01', '57P02', '57P03']);

/**
 * What the pg driver throws, with no code, when the connection under a query or a pooled client ends
 * without the server's word (the server killed, the network cut): a plain `Error` with one of these
 * messages. Only a plain Error with no code counts, so a PostgreSQL error or an error of our own that
 * happens to use the words is not taken for it.
 */
const DRIVER_CONNECTION_LOST = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
]);

const isConnectionLost = (error: unknown) =>
  error instanceof Error &&
  Object.getPrototypeOf(error) === Error.prototype &&
  (error as { code?: unknown }).code === undefined &&
  DRIVER_CONNECTION_LOST.has(error.message);

/** Whether `error` (or a cause it wraps, as Drizzle wraps the driver's) says the database is unreachable. */
export function isDatabaseDown(error: unknown): boolean {
  const code = sqlState(error);
  if (code !== undefined) return UNREACHABLE_CODES.has(code) || GONE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
  for (let current = error; current instanceof Error; current = current.cause) {
    if (isConnectionLost(current)) return true;
  }
  return false;
}

/** The part of a logger a background task's failures need (Fastify's logger is one). */
export type TaskLog = {
  error(details: { err: unknown }, message: string): void;
  info(message: string): void;
};

/**
 * How a background task's failures reach the log, under `failure`. A database that is down would
 * fail every run, every few seconds, until it comes back, and an operator's log would fill with the
 * same error and its stack: so an outage is logged once (error) when the task starts failing from
 * it and once (info) when a run works again. Any other failure is logged at every run.
 */
export function taskFailures(log: TaskLog, failure: string): RunReport {
  let databaseDown = false;
  return {
    failed: (error) => {
      if (!isDatabaseDown(error)) {
        log.error({ err: error }, failure);
      } else if (!databaseDown) {
        databaseDown = true;
        log.error({ err: error }, `${failure}: the database is not answering; said once until it answers`);
      }
    },
    succeeded: () => {
      if (!databaseDown) return;
      databaseDown = false;
      log.info(`${failure} no more: the database answers again`);
    },
  };
}
