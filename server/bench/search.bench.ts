import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { medicines } from '../src/db/schema';
import { SEED_CATALOGUE } from '../src/db/seed-catalogue';
import { substitutesQuery } from '../src/features/medicines/medicines.service';
import {
  beside,
  forEachDatabase,
  load,
  peakRssMb,
  print,
  row,
  startCeiling,
  startServerOn,
  WARM_UP_S,
  type BenchDatabase,
  type Measured,
} from './bench-server';

// Catalogue search (docs/decisions/0021): 10,000 generated medicines, a different misspelt or
// half-typed query on every request, the header box's suggestions, against the node:http ceiling
// of the same run. Figures are printed, never asserted.

const MEDICINE_COUNT = 10_000;

/** The demo catalogue's generics and brands, repeated with numbered names to 10,000 medicines. */
async function prepare(database: Database): Promise<void> {
  const rows = Array.from({ length: MEDICINE_COUNT }, (_, i) => {
    const { products, ...generic } = SEED_CATALOGUE[i % SEED_CATALOGUE.length]!;
    const [brand, developedBy, strength, priceCents] =
      products[Math.floor(i / SEED_CATALOGUE.length) % products.length]!;
    return {
      ...generic,
      name: `${brand}-${i}`,
      developedBy,
      strength,
      priceCents: priceCents + ((i * 7919) % 2000),
      stock: i % 10 === 0 ? 0 : 100,
      imageUrl: `/uploads/medicines/bench-${i}-detail.webp`,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(medicines).values(rows.slice(i, i + 500));
  await database.db.execute(sql`analyze medicines`);
  // Search runs in the server's own index; the database's part is the substitutes' query.
  const [medicine] = await database.db.select().from(medicines).limit(1);
  const query = substitutesQuery(database.db, medicine!).toSQL();
  const plan = await database.db.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
  process.stdout.write(`\nsubstitutes query plan:\n${planLines(plan).join('\n')}\n`);
}

/** The query with its parameters written in, as EXPLAIN takes no bind parameters on every driver. */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });

const planLines = (result: unknown) =>
  ((result as { rows?: Record<string, string>[] }).rows ?? (result as Record<string, string>[])).map(
    (line) => `  ${Object.values(line)[0]}`,
  );

const WORDS = [...new Set(SEED_CATALOGUE.map((generic) => generic.activeIngredient.split(' ')[0]!.toLowerCase()))];
const MAKERS = [...new Set(SEED_CATALOGUE.flatMap((generic) => generic.products.map(([, maker]) => maker)))];
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** A word as a shopper types it: cut short, or with a letter dropped, doubled, swapped or wrong. */
function misspell(word: string): string {
  const at = 1 + Math.floor(Math.random() * (word.length - 2));
  switch (Math.floor(Math.random() * 5)) {
    case 0:
      return word.slice(0, Math.max(3, at + 1));
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 3:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word.slice(0, at) + pick([...'aeiou']) + word.slice(at + 1);
  }
}

// A random price cap (and for suggestions a maker's first letters) makes nearly every URL new, so
// the catalogue's response cache answers almost nothing.
const searchPath = () =>
  `/api/medicines?q=${encodeURIComponent(misspell(pick(WORDS)))}&maxPrice=${20 + Math.floor(Math.random() * 1980)}&limit=6`;
const suggestionsPath = () =>
  `/api/medicines/suggestions?q=${encodeURIComponent(
    `${misspell(pick(WORDS))} ${pick(MAKERS)
      .slice(0, 2 + Math.floor(Math.random() * 4))
      .toLowerCase()}`,
  )}`;

async function measureDatabase(label: BenchDatabase, ceilingUrl: string): Promise<void> {
  const { baseUrl, pid, stop } = await startServerOn(label, prepare);
  try {
    const rows: Measured[] = [];
    const measure = async (name: string, path: () => string) => {
      const options = {
        url: baseUrl,
        requests: [{ setupRequest: (request: object) => ({ ...request, path: path() }) }],
      };
      await load(options, WARM_UP_S);
      rows.push(await beside(ceilingUrl, async () => row(name, await load(options))));
    };
    await measure('GET /api/medicines?q= (typos, 10k)', searchPath);
    await measure('GET /api/medicines/suggestions?q=', suggestionsPath);
    print(`${label}, ${MEDICINE_COUNT} medicines`, rows, [peakRssMb(pid)]);
  } finally {
    await stop();
  }
}

const ceiling = await startCeiling();
try {
  await forEachDatabase((label) => measureDatabase(label, ceiling.url));
} finally {
  await ceiling.stop();
}
