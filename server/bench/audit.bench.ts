import { AUDIT_KIND, AUDIT_KINDS, AUDIT_PAGE_SIZE, ORDER_STATUS, ROLE } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { auditLog, users } from '../src/db/schema';
import { createSession } from '../src/features/auth/session.service';
import { onEachServer, peakRssMb, print, staffCalls, type ServerBench } from './bench-server';

// The admin's audit log on a shop whose staff made 200,000 changes (AUDIT_BENCH_ENTRIES sets another
// count): its first page, a deep page, and the list filtered by kind, by person, by order and by
// medicine. Each is timed at p99 beside the node:http ceiling; figures are printed, never asserted.
// `npm run bench -- audit` runs this benchmark alone.

const ENTRY_COUNT = Number(process.env.AUDIT_BENCH_ENTRIES ?? 200_000);
const STAFF_COUNT = 20;
/** Each order and each medicine is the subject of this many entries, on average. */
const ENTRIES_PER_SUBJECT = 4;

type Prepared = { adminToken: string; orderIds: string[]; medicineIds: string[] };

/** Staff, and their entries spread over the last months: half order status changes, half of the other kinds. */
async function prepare(database: Database): Promise<Prepared> {
  const { db } = database;
  const staff = await db
    .insert(users)
    .values(
      Array.from({ length: STAFF_COUNT }, (_, i) => ({
        firstName: `Staff${i}`,
        lastName: 'Bench',
        email: `staff-${i}@bench.test`,
        phNo: '0123456789',
        passwordHash: 'not used',
        role: i === 0 ? ROLE.admin : ROLE.pharmacist,
      })),
    )
    .returning({ id: users.id });
  const subjects = Math.ceil(ENTRY_COUNT / 2 / ENTRIES_PER_SUBJECT);
  const kinds = sql.join(
    AUDIT_KINDS.filter((kind) => kind !== AUDIT_KIND.orderStatusChanged).map((kind) => sql`${kind}`),
    sql`, `,
  );
  // In SQL, in one statement: 200,000 inserts from here would take minutes. Subjects are ids of
  // their own, as the log keeps the ids of things deleted since.
  await db.execute(sql`
    with subjects as (select array_agg(gen_random_uuid()) as orders, array_agg(gen_random_uuid()) as medicines
      from generate_series(1, ${subjects})),
    staff as (select array_agg(id order by id) as ids, array_agg(email order by id) as emails from ${users})
    insert into ${auditLog} (at, actor_id, actor_email, kind, order_id, medicine_id, before, after)
    select now() - make_interval(secs => i * 30), s.ids[1 + i % ${STAFF_COUNT}], s.emails[1 + i % ${STAFF_COUNT}],
      case when i % 2 = 0 then ${AUDIT_KIND.orderStatusChanged}
        else (array[${kinds}])[1 + (i / 2) % ${AUDIT_KINDS.length - 1}] end,
      case when i % 2 = 0 then o.orders[1 + (i / 2) % ${subjects}] end,
      case when i % 2 = 1 then o.medicines[1 + (i / 2) % ${subjects}] end,
      jsonb_build_object('status', ${ORDER_STATUS.pending}::text), jsonb_build_object('status', ${ORDER_STATUS.accepted}::text)
    from generate_series(1, ${ENTRY_COUNT}) i, subjects o, staff s`);
  await db.execute(sql`analyze`);
  const sample = async (column: typeof auditLog.orderId | typeof auditLog.medicineId) =>
    (
      await db
        .select({ id: sql<string>`${column}` })
        .from(auditLog)
        .where(sql`${column} is not null`)
        .limit(1000)
    ).map((entry) => entry.id);
  return {
    adminToken: await createSession(db, staff[0]!.id, true),
    orderIds: await sample(auditLog.orderId),
    medicineIds: await sample(auditLog.medicineId),
  };
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

const measureDatabase: ServerBench<Prepared> = async (label, ceilingUrl, { baseUrl, prepared, pid }) => {
  const { adminToken, orderIds, medicineIds } = prepared;
  const audit = (query: Record<string, string>) => `/api/audit?${new URLSearchParams(query).toString()}`;
  const lastPage = Math.ceil(ENTRY_COUNT / AUDIT_PAGE_SIZE);
  const calls: [string, () => string][] = [
    ['audit: first page', () => audit({})],
    ['audit: a page among the first 100', () => audit({ page: String(1 + Math.floor(Math.random() * 100)) })],
    ['audit: the last page', () => audit({ page: String(lastPage) })],
    ['audit: by kind', () => audit({ kind: pick([...AUDIT_KINDS]) })],
    [
      'audit: by person (e-mail)',
      () => audit({ actor: `STAFF-${Math.floor(Math.random() * STAFF_COUNT)}@bench.test` }),
    ],
    ['audit: by order', () => audit({ subject: pick(orderIds) })],
    ['audit: by medicine', () => audit({ subject: pick(medicineIds) })],
  ];
  const rows = await staffCalls(ceilingUrl, baseUrl, adminToken, calls);
  print(
    `${label}, ${ENTRY_COUNT} audit entries by ${STAFF_COUNT} staff`,
    rows,
    [peakRssMb(pid)],
    ['Each call should answer under 50 ms at p99; the deep pages and the counts are the slow part.'],
  );
};

await onEachServer(prepare, measureDatabase);
