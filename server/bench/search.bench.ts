import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { medicines } from '../src/db/schema';
import { SEED_CATALOGUE } from '../src/startup/seed-catalogue';
import { medicineColumns, substitutesQuery } from '../src/features/medicines/medicines.service';
import {
  alongside,
  beside,
  BENCH_STOCK,
  CONNECTIONS,
  insertMedicines,
  load,
  onEachServer,
  orderLoad,
  peakRssMb,
  print,
  row,
  SHOPPER_COUNT,
  signedInShoppers,
  warmedBeside,
  type Measured,
  type Row,
  type ServerBench,
} from './bench-server';

// Catalogue search (docs/decisions/0073): 10,000 generated medicines, a different misspelt or
// half-typed query on every request, the header box's suggestions, then search beside a stream of
// checkouts (each one a catalogue change), against the node:http ceiling of the same run; last, a
// shop's realistic load at fixed rates rather than saturation: searches or suggestions at
// SEARCHES_PER_S beside ORDERS_PER_S orders. Figures are printed, never asserted.

const MEDICINE_COUNT = 10_000;
const SEARCHES_PER_S = 500;
const ORDERS_PER_S = 200;

type Prepared = { inStockIds: string[]; tokens: string[] };

/** The demo catalogue's generics and brands, repeated with numbered names to 10,000 medicines, and shoppers. */
async function prepare(database: Database): Promise<Prepared> {
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
      stock: i % 10 === 0 ? 0 : BENCH_STOCK,
      imageUrl: `/uploads/medicines/bench-${i}-detail.webp`,
    };
  });
  const inserted = await insertMedicines(database, rows);
  await database.db.execute(sql`analyze medicines`);
  // Search runs in the server's own index; the database's part is the substitutes' query.
  const [medicine] = await database.db.select(medicineColumns).from(medicines).limit(1);
  const query = substitutesQuery(database.db, medicine!).toSQL();
  const plan = await database.db.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
  process.stdout.write(`\nsubstitutes query plan:\n${planLines(plan).join('\n')}\n`);
  return {
    // A checkout of a prescription-only medicine needs a prescription: the stream buys the others.
    inStockIds: inserted.filter((m) => m.stock > 0 && !m.rx).map((m) => m.id),
    tokens: await signedInShoppers(database, SHOPPER_COUNT),
  };
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
const listPath = (q: string) =>
  `/api/medicines?q=${encodeURIComponent(q)}&maxPrice=${20 + Math.floor(Math.random() * 1980)}&limit=6`;
const searchPath = () => listPath(misspell(pick(WORDS)));
/**
 * The same request for three letters that begin no word of the catalogue (too short for typos, so
 * nothing is looked up but their prefix): the route's own cost (HTTP, validation, the cache, the
 * headers) with next to no search work, to read the search's figure beside.
 */
const nothingPath = () => listPath(Array.from({ length: 3 }, () => pick([...'qxz'])).join(''));
const suggestionsPath = () =>
  `/api/medicines/suggestions?q=${encodeURIComponent(
    `${misspell(pick(WORDS))} ${pick(MAKERS)
      .slice(0, 2 + Math.floor(Math.random() * 4))
      .toLowerCase()}`,
  )}`;

const measureServer: ServerBench<Prepared> = async (label, ceilingUrl, { baseUrl, prepared, pid }) => {
  const rows: Measured[] = [];
  const requests = (path: () => string) => ({
    url: baseUrl,
    requests: [{ setupRequest: (request: object) => ({ ...request, path: path() }) }],
  });
  const measure = async (name: string, path: () => string) => {
    rows.push(await warmedBeside(ceilingUrl, name, requests(path)));
  };
  await measure('GET /api/medicines?q= (typos, 10k)', searchPath);
  await measure('  the same, matching no medicine', nothingPath);
  await measure('GET /api/medicines/suggestions?q=', suggestionsPath);
  // Every order changes the stock of what it buys: half the connections order, half search.
  const half = CONNECTIONS / 2;
  const searching: Row[] = [];
  const ordering = await beside(ceilingUrl, async () => {
    const [search, orders] = await Promise.all([
      load({ ...requests(searchPath), connections: half }),
      orderLoad(baseUrl, prepared, half),
    ]);
    searching.push(row(`  search beside them (${half} connections)`, search));
    return { ...orders, name: `orders beside search (${half} connections)` };
  });
  rows.push(ordering, alongside(ordering, searching));
  // Fixed rates: the latency a shopper sees at a realistic load, not the most the server can take.
  for (const [name, path] of [
    ['search', searchPath],
    ['suggestions', suggestionsPath],
  ] as const) {
    const searched: Row[] = [];
    const fixed = await beside(ceilingUrl, async () => {
      const [search, orders] = await Promise.all([
        load({ ...requests(path), connections: half, overallRate: SEARCHES_PER_S }),
        orderLoad(baseUrl, prepared, half, ORDERS_PER_S),
      ]);
      searched.push(row(`  ${name} at ${SEARCHES_PER_S}/s beside them`, search));
      return { ...orders, name: `orders at ${ORDERS_PER_S}/s beside ${name}` };
    });
    rows.push(fixed, alongside(fixed, searched));
  }
  print(`${label}, ${MEDICINE_COUNT} medicines`, rows, [peakRssMb(pid)]);
};

await onEachServer(prepare, measureServer);
