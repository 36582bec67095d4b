import { PRESCRIPTION_UNUSED_KEEP_DAYS } from '@apotheca/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { taskFailures } from '../../db/database-down';
import { startPeriodicTask } from '../../periodic-task';
import { removeUnusedPrescriptions } from './prescriptions.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every `everyMs`, the first time one interval after the start, removes the prescriptions that no
 * order used within the days they are kept. Answers a stop function that waits for a running removal.
 */
export function startUnusedPrescriptionRemoval({
  db,
  everyMs,
  log,
}: {
  db: Db;
  everyMs: number;
  log: FastifyBaseLogger;
}) {
  return startPeriodicTask(
    everyMs,
    async () => {
      const before = new Date(Date.now() - PRESCRIPTION_UNUSED_KEEP_DAYS * DAY_MS);
      const removed = await removeUnusedPrescriptions(db, before);
      log.info({ removed }, 'prescriptions never used in an order removed');
    },
    { atOnce: false, report: taskFailures(log, 'unused prescription removal failed') },
  );
}
