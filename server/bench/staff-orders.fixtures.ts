import {
  ORDER_EVENT,
  ORDER_STATUS,
  ORDER_STATUSES,
  PAYMENT_STATUS,
  PRESCRIPTION_REVIEW,
  ROLE,
} from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { orderHistory, orderItems, orders, users } from '../src/db/schema';
import { createSession } from '../src/features/auth/session.service';
import { demoCatalogueMedicine, insertAdmin, insertMedicines } from './bench-server';

// The shop the staff benchmarks measure: 100,000 orders (STAFF_BENCH_ORDERS sets another count) of
// a thousand patients' over the last months, a thousand medicines and an admin.

export const ORDER_COUNT = Number(process.env.STAFF_BENCH_ORDERS ?? 100_000);
export const PATIENT_COUNT = Math.max(10, Math.round(ORDER_COUNT / 100));
const MEDICINE_COUNT = 1_000;
/** Every tenth order waits for its prescription's review. */
const RX_EVERY = 10;

export type StaffShop = { adminToken: string; patientIds: string[]; lastNumber: number };

/** Patients, orders (one item and one history row each) spread over the last months, and an admin. */
export async function prepareStaffShop(database: Database): Promise<StaffShop> {
  const { db } = database;
  await insertMedicines(
    database,
    Array.from({ length: MEDICINE_COUNT }, (_, i) => demoCatalogueMedicine(i, 0, 100)),
  );
  const adminId = await insertAdmin(database);
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
  // Vacuumed as well as analyzed: autovacuum vacuums the three filled tables within a minute anyway
  // (during the first call timed), so without it the first calls shared the machine with it and
  // read a table the later calls did not; vacuumed here, every call reads the same table.
  await db.execute(sql`vacuum analyze`);
  const [last] = await db
    .execute<{ last: number }>(sql`select max(number)::integer as last from ${orders}`)
    .then((result) => (result as { rows: { last: number }[] }).rows);
  return { adminToken: await createSession(db, adminId, true), patientIds, lastNumber: last!.last };
}
