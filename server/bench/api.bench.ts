import { CATEGORIES } from '@apotheca/contract';
import type { Database } from '../src/db/client';
import { medicines, users } from '../src/db/schema';
import { hashPassword } from '../src/features/auth/password-hash';
import { createSession } from '../src/features/auth/session.service';
import {
  CONNECTIONS,
  DURATION_S,
  forEachDatabase,
  load,
  print,
  row,
  startCeiling,
  startServerOn,
  WARM_UP_S,
  type BenchDatabase,
  type Measured,
  type Row,
} from './bench-server';

// The API under load (issue 3), and a server-rendered page (issue 4): the built server as a child process on a fresh database of 1,000
// medicines, against a bare node:http server answering a fixed 1 KB JSON, the machine's ceiling.
// Figures are printed, never asserted. PostgreSQL runs too when DATABASE_URL is set.

const MEDICINE_COUNT = 1000;
/** Twice the connections, so every connection can hold a shopper of its own at any moment. */
const SHOPPER_COUNT = CONNECTIONS * 2;
/** Enough units that the order run measures checkouts, not sold-out answers. */
const BENCH_STOCK = 10_000_000;

type Prepared = { medicineIds: string[]; inStockIds: string[]; tokens: string[] };

async function prepare(database: Database): Promise<Prepared> {
  const rows = Array.from({ length: MEDICINE_COUNT }, (_, i) => ({
    name: `Bench-${i}`,
    developedBy: 'Bench Labs',
    maxMonthsExpiry: 12 + (i % 24),
    category: CATEGORIES[i % CATEGORIES.length]!,
    // Every tenth is out of stock, as in a real catalogue.
    stock: i % 10 === 0 ? 0 : BENCH_STOCK,
    priceCents: 100 + ((i * 7919) % 20_000),
    imageUrl: `/uploads/medicines/bench-${i}-detail.webp`,
  }));
  const inserted = [];
  for (let i = 0; i < rows.length; i += 250) {
    inserted.push(
      ...(await database.db
        .insert(medicines)
        .values(rows.slice(i, i + 250))
        .returning({ id: medicines.id, stock: medicines.stock })),
    );
  }
  const passwordHash = await hashPassword('Bench@12345');
  const shoppers = await database.db
    .insert(users)
    .values(
      Array.from({ length: SHOPPER_COUNT }, (_, i) => ({
        firstName: 'Bench',
        lastName: 'Shopper',
        email: `shopper-${i}@bench.test`,
        phNo: '0123456789',
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const tokens = [];
  for (const { id } of shoppers) tokens.push(await createSession(database.db, id, true));
  return {
    medicineIds: inserted.map((m) => m.id),
    inStockIds: inserted.filter((m) => m.stock > 0).map((m) => m.id),
    tokens,
  };
}

async function measureDatabase(label: BenchDatabase, ceilingUrl: string): Promise<void> {
  const { baseUrl, prepared, stop } = await startServerOn(label, prepare);
  try {
    const rows: Measured[] = [];
    const measure = async (scenario: () => Promise<Row>) => {
      const ceiling = row('ceiling', await load({ url: ceilingUrl }));
      rows.push({ ...(await scenario()), ceiling });
    };

    const listPath = `/api/medicines?category=${encodeURIComponent(CATEGORIES[7])}&sort=price_asc&page=2&limit=6`;
    await load({ url: baseUrl + listPath }, WARM_UP_S);
    await measure(async () =>
      row('GET /api/medicines (category, sort, page)', await load({ url: baseUrl + listPath })),
    );

    const detailPath = `/api/medicines/${prepared.medicineIds[MEDICINE_COUNT / 2]}`;
    await load({ url: baseUrl + detailPath }, WARM_UP_S);
    await measure(async () => row('GET /api/medicines/:id', await load({ url: baseUrl + detailPath })));

    // A landing page rendered on the server (docs/decisions/0011), compressed as a browser asks for it.
    const pagePath = `/medicines?category=${encodeURIComponent(CATEGORIES[7])}&sort=price_asc&page=2`;
    const pageLoad = { url: baseUrl + pagePath, headers: { 'accept-encoding': 'br' } };
    await load(pageLoad, WARM_UP_S);
    await measure(async () => row('GET /medicines (server-rendered page)', await load(pageLoad)));

    await measure(() => measureOrders(baseUrl, prepared));
    print(label, rows);
  } finally {
    await stop();
  }
}

/**
 * Each sequence takes an idle shopper, adds one in-stock medicine to their cart and checks out,
 * then frees the shopper: no two connections ever share a cart.
 */
async function measureOrders(baseUrl: string, { inStockIds, tokens }: Prepared): Promise<Row> {
  const idle = [...tokens];
  let placed = 0;
  const json = { 'content-type': 'application/json' };
  const result = await load({
    url: baseUrl,
    requests: [
      {
        method: 'POST',
        path: '/api/cart/add',
        setupRequest: (request, context) => {
          context.token = idle.pop();
          const medicineId = inStockIds[Math.floor(Math.random() * inStockIds.length)];
          return {
            ...request,
            headers: { ...json, authorization: `Bearer ${context.token}` },
            body: JSON.stringify({ medicineId, quantity: 1 }),
          };
        },
      },
      {
        method: 'POST',
        path: '/api/orders/add-order',
        setupRequest: (request, context) => ({ ...request, headers: { authorization: `Bearer ${context.token}` } }),
        onResponse: (status, _body, context) => {
          if (status === 201) placed++;
          idle.push(context.token as string);
        },
      },
    ],
  });
  return row('orders: add to cart + add-order (orders/s)', result, placed / DURATION_S);
}

const ceiling = await startCeiling();
try {
  await forEachDatabase((label) => measureDatabase(label, ceiling.url));
} finally {
  await ceiling.stop();
}
