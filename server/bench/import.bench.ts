import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execSync } from 'node:child_process';
import { IMPORT_MAX_ROWS, MEDICINE_FIELDS } from '@apotheca/contract';
import Papa from 'papaparse';
import sharp from 'sharp';
import type { Database } from '../src/db/client';
import { exportMedicinesCsv } from '../src/features/medicines/medicine-export.service';
import { importCatalogue } from '../src/features/medicines/medicine-import.service';
import { addressList } from '../src/lib/public-address';
import {
  demoCatalogueMedicine,
  emptyDatabase,
  forEachDatabase,
  insertAdmin,
  insertMedicines,
  type BenchDatabase,
} from './bench-server';

// `npm run bench -- import`: the time of a 10,000-row catalogue import, called as the route calls
// it, on a shop of 10,000 medicines: the export with every price changed (a dry run, then the real
// run), the same file again (nothing to change), and 10,000 new medicines sharing one image served
// from this machine. On the embedded default (and DATABASE_URL's server when it is set). Figures
// are printed, never asserted.

const APP_URL = 'http://localhost:5000';

/** The exported file with every medicine's price one cent higher. */
function everyPriceChanged(csv: string): string {
  const { data } = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  for (const row of data) row.price = (Number(row.price) + 0.01).toFixed(2);
  return Papa.unparse({ fields: [...MEDICINE_FIELDS], data: data.map((row) => MEDICINE_FIELDS.map((f) => row[f])) });
}

/** IMPORT_MAX_ROWS new medicines, every one with the image at `imageUrl`. */
function newMedicines(imageUrl: string): string {
  const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [
    `Imported-${i}`,
    'Bench Import',
    '24',
    'Pain Relief',
    '50',
    '3.99',
    imageUrl,
  ]);
  return Papa.unparse({
    fields: ['name', 'developedBy', 'maxMonthsExpiry', 'category', 'stock', 'price', 'imageUrl'],
    data: rows,
  });
}

async function timed(label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  const report = await run();
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  const load = execSync('uptime')
    .toString()
    .trim()
    .replace(/.*load average: /, '');
  process.stdout.write(
    `  ${label.padEnd(44)} ${seconds.padStart(6)} s  ${JSON.stringify(report).slice(0, 60)}  (load ${load})\n`,
  );
}

// The images are served on this machine, an address a shop must allow (docs/decisions/0085).
const imageHost = addressList(['127.0.0.1']);
/** No cache to drop: the bench serves no catalogue reads. */
const catalogue = { invalidate: async () => {} };

async function measure(label: BenchDatabase, imageUrl: string) {
  const { database, drop } = await emptyDatabase(label, 'import');
  try {
    await database.migrate();
    await insertMedicines(
      database,
      Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => demoCatalogueMedicine(i, i, 100)),
    );
    const adminId = await insertAdmin(database);
    const file = (csv: string) => Buffer.from(csv);
    const run = (db: Database, content: Buffer, dryRun: boolean) => () =>
      importCatalogue(db.db, content, {
        dryRun,
        appUrl: APP_URL,
        actorId: adminId,
        allowedPrivate: imageHost,
        catalogue,
      });
    const changed = file(everyPriceChanged(await exportMedicinesCsv(database.db, APP_URL)));
    process.stdout.write(
      `\n${label}: ${IMPORT_MAX_ROWS.toLocaleString('en')} rows on ${IMPORT_MAX_ROWS.toLocaleString('en')} medicines\n`,
    );
    await timed('every price changed, dry run', run(database, changed, true));
    await timed('every price changed, real run', run(database, changed, false));
    await timed('the same file again (no-op)', run(database, changed, false));
    await timed('10,000 new medicines, one image URL', run(database, file(newMedicines(imageUrl)), false));
  } finally {
    await database.close();
    await drop();
  }
}

const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 160, b: 150 } } })
  .png()
  .toBuffer();
const images = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
try {
  const imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/pill.png`;
  await forEachDatabase((label) => measure(label, imageUrl));
} finally {
  images.close();
}
