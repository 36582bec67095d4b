import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { taskFailures } from '../../db/database-down';
import { startPeriodicTask } from '../../periodic-task';
import type { CatalogueCache } from '../medicines/catalogue-cache.service';

type Options = { db: Db; catalogue: CatalogueCache; everyMs: number; log: FastifyBaseLogger };

/**
 * A batch stops counting on its expiry date with no write, so nothing tells the catalogue's caches
 * and search index that the stock changed. Every `everyMs` this asks the database for the shop's day
 * (`shop_today()`, the UTC day expiry is judged by: docs/decisions/0111); when the day has moved on, the catalogue is
 * invalidated and every figure is read again. Answers a stop function.
 */
export function startExpiryWatch({ db, catalogue, everyMs, log }: Options): () => Promise<void> {
  let day: string | undefined;
  return startPeriodicTask(
    everyMs,
    async () => {
      const [row] = rowsOf<{ today: string }>(await db.execute(sql`select shop_today()::text as today`));
      if (day !== undefined && row && row.today !== day) await catalogue.invalidate();
      day = row?.today;
    },
    { report: taskFailures(log, 'checking the day of expiry failed') },
  );
}

/** Both drivers answer a raw statement with `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
