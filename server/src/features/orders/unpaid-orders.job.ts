import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { taskFailures } from '../../db/database-down';
import { startPeriodicTask } from '../../periodic-task';
import type { CatalogueCache } from '../medicines/catalogue-cache.service';
import { cancelUnpaidOrders } from './order-status.service';

type Options = {
  db: Db;
  catalogue: CatalogueCache;
  /** Age in minutes at which an unpaid 'Pending' order is canceled; 0 turns the job off. */
  ttlMinutes: number;
  everyMs: number;
  log: FastifyBaseLogger;
};

/**
 * Every `everyMs`, cancels the unpaid orders older than `ttlMinutes` and gives their stock back
 * (docs/decisions/0018), so an abandoned checkout does not hold stock for ever. A sweep starts only
 * after the previous one ended. Answers a stop function that waits for a running sweep.
 */
export function startUnpaidOrderExpiry({ db, catalogue, ttlMinutes, everyMs, log }: Options): () => Promise<void> {
  if (ttlMinutes === 0) return async () => {};
  return startPeriodicTask(
    everyMs,
    async () => {
      const canceled = await cancelUnpaidOrders(db, new Date(Date.now() - ttlMinutes * 60_000));
      // The stock given back changes the catalogue's figures.
      if (canceled > 0) await catalogue.invalidate();
    },
    // The first sweep waits a whole period, as the server has only just started.
    { atOnce: false, report: taskFailures(log, 'canceling unpaid orders failed') },
  );
}
