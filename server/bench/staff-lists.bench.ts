import {
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_SORT,
  ORDER_STATUSES,
  orderNumberLabel,
  PRESCRIPTION_REVIEW,
  USERS_PAGE_SIZE,
} from '@apotheca/contract';
import { SEED_CATALOGUE } from '../src/startup/seed-catalogue';
import { onEachServer, peakRssMb, print, staffCalls, type ServerBench } from './bench-server';
import { ORDER_COUNT, PATIENT_COUNT, prepareStaffShop, type StaffShop } from './staff-orders.fixtures';

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

const STAFF_CONNECTIONS = Number(process.env.STAFF_BENCH_CONNECTIONS ?? 8);

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const anyNumber = (last: number) => orderNumberLabel(last - Math.floor(Math.random() * ORDER_COUNT));

const measureDatabase: ServerBench<StaffShop> = async (label, ceilingUrl, { baseUrl, prepared, pid }) => {
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
  const rows = await staffCalls(ceilingUrl, baseUrl, adminToken, calls, STAFF_CONNECTIONS);
  print(
    `${label}, ${ORDER_COUNT} orders of ${PATIENT_COUNT} patients`,
    rows,
    [peakRssMb(pid)],
    ['Each staff call should answer under 50 ms at p99.'],
    STAFF_CONNECTIONS,
  );
};

await onEachServer(prepareStaffShop, measureDatabase);
