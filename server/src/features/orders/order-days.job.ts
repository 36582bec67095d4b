import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { taskFailures } from '../../db/database-down';
import { startPeriodicTask } from '../../periodic-task';
import { foldPastOrderDays } from './order-days.service';

/**
 * Every `everyMs`, the first time one interval after the start, folds the past days' order counts into
 * one row a day and kind, so a far page of a staff list sums a few rows a day however many connections
 * placed its orders. Answers a stop function that waits for a running fold.
 */
export function startOrderDaysFold({ db, everyMs, log }: { db: Db; everyMs: number; log: FastifyBaseLogger }) {
  return startPeriodicTask(
    everyMs,
    async () => {
      const folded = await foldPastOrderDays(db);
      if (folded > 0) log.info({ folded }, 'past days of order counts folded');
    },
    { atOnce: false, report: taskFailures(log, 'folding past days of order counts failed') },
  );
}
