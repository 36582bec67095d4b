import {
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_EVENT,
  ORDER_SORT,
  ORDER_STATUS,
  ORDER_STATUSES,
  orderNumberLabel,
  PAYMENT_STATUS,
  PRESCRIPTION_REVIEW,
  ROLE,
  USERS_PAGE_SIZE,
} from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { orderHistory, orderItems, orders, users } from '../src/db/schema';
import { createSession } from '../src/features/auth/session.service';
import { SEED_CATALOGUE } from '../src/startup/seed-catalogue';
import {
  beside,
  demoCatalogueMedicine,
  forEachDatabase,
  insertMedicines,
  load,
  peakRssMb,
  print,
  row,
  startServerOn,
  WARM_UP_S,
  withCeiling,
  type BenchDatabase,
  type Measured,
} from './bench-server';

// The staff screens' calls on a shop with 100,000 orders (STAFF_BENCH_ORDERS sets another count):
// the admin orders list (first page, a deep page, by status, by order number, by patient), the
// pharmacist's queue, a review page's past orders, the users search and the admin medicine search.
// Each is timed at p99 beside the node:http ceiling; figures are printed, never asserted.
// `npm run bench -- staff-lists` runs this benchmark alone.
//
// The staff's calls are made by people reading a screen, a few at once: they are timed at
// STAFF_CONNECTIONS calls in flight (8 unless STAFF_BENCH_CONNECTIONS says otherwise), not at the
// shop's 64. Eight calls always in flight is already far more than a pharmacy's staff, each of
// whom calls once every few seconds; at 64 a call's p99 measures the queue in front of it.

const ORDER_COUNT = Number(process.env.STAFF_BENCH_ORDERS ?? 100_000);
const STAFF_CONNECTIONS = Number(process.env.STAFF_BENCH_CONNECTIONS ?? 8);
const PATIENT_COUNT = Math.max(10, Math.round(ORDER_COUNT / 100));
const MEDICINE_COUNT = 1_000;
/** Every tenth order waits for its prescription's review. */
const RX_EVERY = 10;

type Prepared = { adminToken: string; patientIds: string[]; lastNumber: number };

/** Patients, orders (one item and one history row each) spread over the last months, and an admin. */
async function prepare(database: Database): Promise<Prepared> {
  const { db } = database;
  await insertMedicines(
    database,
    Array.from({ length: MEDICINE_COUNT }, (_, i) => demoCatalogueMedicine(i, 0, 100)),
  );
  const [admin] = await db
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Admin',
      email: 'admin@bench.test',
      phNo: '0123456789',
      passwordHash: 'not used',
      role: ROLE.admin,
    })
    .returning({ id: users.id });
  const patients = await db
    .insert(users)
    .values(
      Array.from({ length: PATIENT_COUNT }, (_, i) => ({
        firstName: `Patient${i}`,
        lastName: `Family${i}`,
        email: `patient-${i}@bench.test`,
        phNo: '0123456789',
        passwordHash: 'not used',
      })),
    )
    .returning({ id: users.id });
  const patientIds = patients.map(({ id }) => id);
  // In SQL, in one statement each: 100,000 inserts from here would take minutes.
  const statuses = sql.join(
    ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  await db.execute(sql`
    with patients as (select array_agg(id order by id) as ids from ${users} where role = ${ROLE.user})
    insert into ${orders} (user_id, total_cents, status, payment_status, prescription_review, created_at)
    select p.ids[1 + i % cardinality(p.ids)], 500 + i % 5000,
      (array[${statuses}])[1 + i % ${ORDER_STATUSES.length}],
      case when i % 2 = 0 then ${PAYMENT_STATUS.paid} else ${PAYMENT_STATUS.pending} end,
      case when i % ${RX_EVERY} = 0 then ${PRESCRIPTION_REVIEW.pending} end,
      now() - make_interval(mins => i)
    from generate_series(1, ${ORDER_COUNT}) i, patients p`);
  await db.execute(sql`
    insert into ${orderItems} (order_id, name, price_cents, quantity, prescription_required)
    select id, 'Bench medicine', total_cents, 1, prescription_review is not null from ${orders}`);
  await db.execute(sql`
    insert into ${orderHistory} (order_id, actor_id, event, "to", at)
    select id, user_id, ${ORDER_EVENT.placed}, ${ORDER_STATUS.pending}, created_at from ${orders}`);
  await db.execute(sql`analyze`);
  const [last] = await db
    .execute<{ last: number }>(sql`select max(number)::integer as last from ${orders}`)
    .then((result) => (result as unknown as { rows: { last: number }[] }).rows);
  return { adminToken: await createSession(db, admin!.id, true), patientIds, lastNumber: last!.last };
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const anyNumber = (last: number) => orderNumberLabel(last - Math.floor(Math.random() * ORDER_COUNT));

async function measureDatabase(label: BenchDatabase, ceilingUrl: string): Promise<void> {
  const { baseUrl, prepared, pid, stop } = await startServerOn(label, prepare);
  const { adminToken, patientIds, lastNumber } = prepared;
  const pageCount = Math.ceil(ORDER_COUNT / ADMIN_ORDERS_PAGE_SIZE);
  const orderList = (query: Record<string, string>) =>
    `/api/orders?${new URLSearchParams({ limit: String(ADMIN_ORDERS_PAGE_SIZE), ...query }).toString()}`;
  const calls: [string, () => string][] = [
    ['orders: first page', () => orderList({ page: '1' })],
    ['orders: a page among the first 100', () => orderList({ page: String(1 + Math.floor(Math.random() * 100)) })],
    ['orders: the middle page', () => orderList({ page: String(Math.ceil(pageCount / 2)) })],
    ['orders: the last page', () => orderList({ page: String(pageCount) })],
    ['orders: by status', () => orderList({ status: pick([...ORDER_STATUSES]) })],
    ['orders: by order number', () => orderList({ q: anyNumber(lastNumber) })],
    ['orders: by patient name', () => orderList({ q: `Patient${Math.floor(Math.random() * PATIENT_COUNT)} ` })],
    ['orders: by patient e-mail', () => orderList({ q: `patient-${Math.floor(Math.random() * PATIENT_COUNT)}@` })],
    [
      'queue: pending reviews, oldest first',
      () => orderList({ review: PRESCRIPTION_REVIEW.pending, sort: ORDER_SORT.oldest }),
    ],
    ["review page: the patient's past orders", () => orderList({ userId: pick(patientIds), page: '1' })],
    [
      'users: search by e-mail',
      () => `/api/auth/get-all-users?limit=${USERS_PAGE_SIZE}&q=patient-${Math.floor(Math.random() * PATIENT_COUNT)}`,
    ],
    [
      'admin medicines: search',
      () => `/api/medicines?limit=10&q=${encodeURIComponent(pick(SEED_CATALOGUE).activeIngredient.slice(0, 5))}`,
    ],
  ];
  try {
    const rows: Measured[] = [];
    for (const [name, path] of calls) {
      const options = {
        url: baseUrl,
        connections: STAFF_CONNECTIONS,
        headers: { authorization: `Bearer ${adminToken}` },
        requests: [{ setupRequest: (request: object) => ({ ...request, path: path() }) }],
      };
      await load(options, WARM_UP_S);
      rows.push(await beside(ceilingUrl, async () => row(name, await load(options)), STAFF_CONNECTIONS));
    }
    print(
      `${label}, ${ORDER_COUNT} orders of ${PATIENT_COUNT} patients`,
      rows,
      [peakRssMb(pid)],
      ['Each staff call should answer under 50 ms at p99.'],
      STAFF_CONNECTIONS,
    );
  } finally {
    await stop();
  }
}

await withCeiling((ceilingUrl) => forEachDatabase((label) => measureDatabase(label, ceilingUrl)));
