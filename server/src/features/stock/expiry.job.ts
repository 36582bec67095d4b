import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CatalogueCache } from '../medicines/catalogue-cache.service';

type Options = { db: Db; catalogue: CatalogueCache; everyMs: number; onError: (error: unknown) => void };

/**
 * A batch stops counting on its expiry date with no write, so nothing tells the catalogue's caches
 * and search index that the stock changed. Every `everyMs` this asks the database for its day
 * (`shop_today()`, the day expiry is judged by); when the day has moved on, the catalogue is
 * invalidated and every figure is read again. Answers a stop function.
 */
export function startExpiryWatch({ db, catalogue, everyMs, onError }: Options): () => Promise<void> {
  let day: string | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const check = async () => {
    try {
      const [row] = rowsOf<{ today: string }>(await db.execute(sql`select shop_today()::text as today`));
      if (day !== undefined && row && row.today !== day) await catalogue.invalidate();
      day = row?.today;
    } catch (error) {
      onError(error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = check().then(schedule);
    }, everyMs);
    timer.unref();
  };
  running = check().then(schedule);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** Both drivers answer a raw statement with `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
