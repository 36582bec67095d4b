import path from 'node:path';
import { ORDER_EVENT, ORDER_STATUS, PAYMENT_STATUS } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { restoreBackup, writeBackup } from '../src/db/backup';
import type { Database } from '../src/db/client';
import { prepareDatabase } from '../src/startup/startup';
import {
  BENCH_STOCK,
  demoCatalogueMedicine,
  emptyDatabase,
  forEachDatabase,
  insertMedicines,
  signedInShoppers,
  type BenchDatabase,
} from './bench-server';

// `npm run bench -- backup [demo|large [ORDERS]]`: the time of `npm run backup` and `npm run restore` and the
// file's size, for the demo shop and for 10,000 medicines with 100,000 orders, on the embedded
// default (and on DATABASE_URL's server when it is set). ORDERS tries the large shop smaller first.
// Figures are printed, never asserted.

const MEDICINE_COUNT = 10_000;
const ORDER_COUNT = Number(process.argv[3] ?? 100_000);
const SHOPPERS = 1_000;

type Shop = { name: string; fill: (database: Database, dataDir: string) => Promise<void> };

const demo: Shop = {
  name: 'demo shop',
  fill: async (database, dataDir) => {
    await prepareDatabase(database, { ...loadConfig(), dataDir, uploadsDir: path.join(dataDir, 'uploads') });
  },
};

/** 10,000 medicines of the demo's generics, 1,000 shoppers and 100,000 orders of two items, each with its history row. */
const large: Shop = {
  name: `${MEDICINE_COUNT.toLocaleString('en')} medicines, ${ORDER_COUNT.toLocaleString('en')} orders`,
  fill: async (database) => {
    await database.migrate();
    await insertMedicines(
      database,
      Array.from({ length: MEDICINE_COUNT }, (_, i) => demoCatalogueMedicine(i, i, BENCH_STOCK)),
    );
    await signedInShoppers(database, SHOPPERS);
    await database.db.execute(sql`
      with shoppers as (select array_agg(id) as ids from users),
           placed as (
             insert into orders (user_id, total_cents, status, payment_status, card_last4, created_at)
             select ids[1 + g % array_length(ids, 1)], 2500, ${ORDER_STATUS.pending}, ${PAYMENT_STATUS.paid}, '4242',
                    now() - make_interval(mins => g)
             from generate_series(1, ${ORDER_COUNT}) g, shoppers
             returning id, user_id, created_at),
           history as (
             insert into order_history (order_id, at, actor_id, event, "to")
             select id, created_at, user_id, ${ORDER_EVENT.placed}, ${ORDER_STATUS.pending} from placed)
      insert into order_items (order_id, medicine_id, name, price_cents, quantity)
      select placed.id, m.id, m.name, m.price_cents, 1
      from placed cross join lateral (
        select id, name, price_cents from medicines order by random() limit 2
      ) m`);
  },
};

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function measure(label: BenchDatabase, shop: Shop): Promise<string> {
  const source = await emptyDatabase(label, 'backup');
  const target = await emptyDatabase(label, 'backup');
  const file = path.join(source.dataDir, 'bench.backup.gz');
  try {
    await shop.fill(source.database, source.dataDir);
    let started = performance.now();
    const backup = await writeBackup(source.database, file);
    const backupTime = seconds(started);
    started = performance.now();
    await restoreBackup(target.database, file, 'the bench target');
    const restoreTime = seconds(started);
    return `  ${shop.name.padEnd(34)} ${String(backup.rows).padStart(9)} rows  ${(backup.bytes / 1024 / 1024).toFixed(1).padStart(7)} MB  backup ${backupTime.padStart(6)} s  restore ${restoreTime.padStart(6)} s`;
  } finally {
    await source.database.close();
    await target.database.close();
    await source.drop();
    await target.drop();
  }
}

const only = process.argv[2];
const shops = only === 'demo' ? [demo] : only === 'large' ? [large] : [demo, large];
await forEachDatabase(async (label) => {
  process.stdout.write(`\n${label}: npm run backup / npm run restore\n`);
  for (const shop of shops) process.stdout.write(`${await measure(label, shop)}\n`);
});
