import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { taskFailures } from '../../db/database-down';
import { startPeriodicTask } from '../../periodic-task';
import { purgeStaleCredentials } from './credential-cleanup.service';

/**
 * Every `everyMs`, the first time one interval after the start, purges the sessions and reset tokens
 * that can never be used again. Answers a stop function that waits for a running purge.
 */
export function startCredentialCleanup({ db, everyMs, log }: { db: Db; everyMs: number; log: FastifyBaseLogger }) {
  return startPeriodicTask(
    everyMs,
    async () => {
      const purged = await purgeStaleCredentials(db);
      log.info(purged, 'stale sessions and reset tokens purged');
    },
    { atOnce: false, report: taskFailures(log, 'stale credential purge failed') },
  );
}
