import {
  AUDIT_KIND,
  AUDIT_KIND_MESSAGE,
  AUDIT_PAGE_SIZE,
  AUDIT_SUBJECT_MESSAGE,
  auditListResponseSchema,
  NOT_ADMIN_MESSAGE,
  newMedicineResponseSchema,
  ORDER_STATUS,
  PRESCRIPTION_REVIEW,
  ROLE,
  type AuditEntry,
} from '@apotheca/contract';
import { count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { medicineWithBatches } from '../batches/batches.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import {
  insertMedicine,
  multipart,
  pngImage,
  pngUpload,
  storedMedicine,
  validMedicineFields,
} from '../medicines/medicines.fixtures';
import { setOrderStatus } from '../orders/orders.fixtures';
import { PDF_SCAN, uploadPrescription } from '../prescriptions/prescriptions.fixtures';

type Headers = { authorization?: string };
type TestUser = Awaited<ReturnType<typeof createTestUser>>;
let admin: TestUser;
let pharmacist: TestUser;
let patient: TestUser;

const ctx = useTestContext();
beforeAll(async () => {
  admin = await createTestUser(ctx, { role: ROLE.admin, email: 'Ada.Admin@example.test' });
  pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
  patient = await createTestUser(ctx);
});

const lastId = async () =>
  (
    await ctx.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)`.mapWith(Number) }).from(auditLog)
  )[0]!.id;

/** The entries a write left: it must succeed, and everything it wrote to the log is answered. */
async function entriesOf(write: () => Promise<LightMyRequestResponse>) {
  const before = await lastId();
  const response = await write();
  expect(response.statusCode, response.body).toBeLessThan(300);
  const rows = await ctx.database.db.select().from(auditLog).where(gt(auditLog.id, before));
  return { response, rows };
}

/** The one entry a write left. */
async function entryOf(write: () => Promise<LightMyRequestResponse>) {
  const { response, rows } = await entriesOf(write);
  expect(rows).toHaveLength(1);
  return { response, entry: rows[0]! };
}

const inject = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
const medicineForm = async (
  method: 'POST' | 'PATCH',
  url: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) => {
  const form = await multipart(fields, file);
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    payload: form.payload,
    headers: { ...form.headers, ...admin.headers },
  });
};
const listAudit = (query: string, headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/audit${query}`, headers });
const auditList = async (query: string) => {
  const response = await listAudit(query);
  expect(response.statusCode, response.body).toBe(200);
  return auditListResponseSchema.parse(response.json());
};

/** A patient's placed order (with a delivery address, so it can be dispatched). */
async function placedOrder(options: { prescription?: boolean } = {}) {
  const shopper = await createTestUser(ctx);
  const medicine = await insertMedicine(ctx, { stock: 5, prescriptionRequired: options.prescription ?? false });
  await addToCart(ctx, shopper.headers, medicine.id, 1);
  const prescriptionId = options.prescription
    ? ((await uploadPrescription(ctx, shopper.headers, PDF_SCAN)).json().prescription._id as string)
    : undefined;
  const response = await inject('POST', '/orders/add-order', shopper.headers, {
    address: HOME_ADDRESS,
    ...(prescriptionId ? { prescriptionId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { _id: string; number: string };
}

describe('every staff write leaves exactly one audit entry', () => {
  it('records a medicine added, edited, given a new image and deleted, with who and the changed fields', async () => {
    const added = await entryOf(() =>
      medicineForm('POST', '/medicines/add-medicine', { ...validMedicineFields, imageUrl: 'https://x.test/a.png' }),
    );
    const medicine = newMedicineResponseSchema.parse(added.response.json()).newMedicine;
    expect(added.entry).toMatchObject({
      kind: AUDIT_KIND.medicineCreated,
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      medicineId: medicine._id,
      before: null,
      after: { name: validMedicineFields.name, price: 4.99, stock: 15 },
    });

    const edited = await entryOf(() =>
      medicineForm('PATCH', `/medicines/update-medicine/${medicine._id}`, {
        ...validMedicineFields,
        price: '6.50',
        stock: '12',
      }),
    );
    expect(edited.entry).toMatchObject({ kind: AUDIT_KIND.medicineUpdated, medicineId: medicine._id });
    // Only what changed, on both sides.
    expect(edited.entry.before).toEqual({ price: 4.99, stock: 15 });
    expect(edited.entry.after).toEqual({ price: 6.5, stock: 12 });

    // The same form again changes nothing, and is no entry.
    const unchanged = await entriesOf(() =>
      medicineForm('PATCH', `/medicines/update-medicine/${medicine._id}`, {
        ...validMedicineFields,
        price: '6.50',
        stock: '12',
      }),
    );
    expect(unchanged.rows).toEqual([]);
    const withImage = await entryOf(async () =>
      medicineForm(
        'PATCH',
        `/medicines/update-medicine/${medicine._id}`,
        { ...validMedicineFields, price: '6.50', stock: '12' },
        pngUpload(await pngImage(), 'new.png'),
      ),
    );
    expect(withImage.entry.before).toEqual({ imageUrl: 'https://x.test/a.png' });
    expect(Object.keys(withImage.entry.after!)).toEqual(['imageUrl']);

    const deleted = await entryOf(() => inject('DELETE', `/medicines/delete-medicine/${medicine._id}`, admin.headers));
    expect(deleted.entry).toMatchObject({
      kind: AUDIT_KIND.medicineDeleted,
      medicineId: medicine._id,
      before: { name: validMedicineFields.name },
      after: null,
    });
  });

  it('records each batch change and the reorder level, naming the medicine and the batch', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin.headers, [
      { lot: 'KEEP', expiresOn: '2099-01-01', quantity: 5 },
      { lot: 'WASTE', expiresOn: '2099-02-01', quantity: 4 },
    ]);
    const batchUrl = `/medicines/${medicine.id}/batches`;
    const received = await entryOf(() =>
      inject('POST', batchUrl, admin.headers, { lot: 'NEW', expiresOn: '2099-03-01', quantity: 7 }),
    );
    expect(received.entry).toMatchObject({
      kind: AUDIT_KIND.batchReceived,
      medicineId: medicine.id,
      after: { lot: 'NEW', expiresOn: '2099-03-01', quantity: 7 },
    });
    expect(received.entry.batchId).toBe(received.response.json().batch._id);

    const corrected = await entryOf(() =>
      inject('PATCH', `${batchUrl}/${ids.KEEP}`, admin.headers, { quantity: 3, reason: 'Counted again' }),
    );
    expect(corrected.entry).toMatchObject({
      kind: AUDIT_KIND.batchCorrected,
      medicineId: medicine.id,
      batchId: ids.KEEP,
      before: { quantity: 5 },
      after: { quantity: 3, reason: 'Counted again' },
    });
    // A count that finds what the batch holds corrects nothing, and is no entry.
    const recounted = await entriesOf(() =>
      inject('PATCH', `${batchUrl}/${ids.KEEP}`, admin.headers, { quantity: 3, reason: 'Counted a third time' }),
    );
    expect(recounted.response.json().batch).toMatchObject({ _id: ids.KEEP, quantity: 3 });
    expect(recounted.rows).toEqual([]);

    const writtenOff = await entryOf(() =>
      inject('POST', `${batchUrl}/${ids.WASTE}/write-off`, admin.headers, { reason: 'Damaged' }),
    );
    expect(writtenOff.entry).toMatchObject({ kind: AUDIT_KIND.batchWrittenOff, batchId: ids.WASTE });

    const recalled = await entryOf(() =>
      inject('POST', `${batchUrl}/${ids.KEEP}/recall`, admin.headers, { reason: 'Contaminated' }),
    );
    expect(recalled.entry).toMatchObject({
      kind: AUDIT_KIND.batchRecalled,
      batchId: ids.KEEP,
      after: { reason: 'Contaminated', flaggedOrders: 0 },
    });

    const notified = await entryOf(() => inject('POST', `/recalls/${ids.KEEP}/notify`, admin.headers));
    expect(notified.entry).toMatchObject({
      kind: AUDIT_KIND.recallNotified,
      medicineId: medicine.id,
      batchId: ids.KEEP,
      after: { notified: 0, alreadyNotified: 0 },
    });

    const level = await entryOf(() =>
      inject('PATCH', `/medicines/${medicine.id}/reorder-level`, admin.headers, { reorderLevel: 25 }),
    );
    expect(level.entry).toMatchObject({
      kind: AUDIT_KIND.reorderLevelSet,
      medicineId: medicine.id,
      before: { reorderLevel: 10 },
      after: { reorderLevel: 25 },
    });
  });

  it('records a role change and a user deletion, with no password or hash', async () => {
    const staffer = await createTestUser(ctx);
    const promoted = await entryOf(() =>
      inject('PATCH', `/auth/users/${staffer.user.id}/role`, admin.headers, { role: ROLE.pharmacist }),
    );
    expect(promoted.entry).toMatchObject({
      kind: AUDIT_KIND.roleChanged,
      userId: staffer.user.id,
      before: { role: ROLE.user },
      after: { role: ROLE.pharmacist },
    });
    const deleted = await entryOf(() => inject('DELETE', `/auth/delete-user/${staffer.user.id}`, admin.headers));
    expect(deleted.entry).toMatchObject({ kind: AUDIT_KIND.userDeleted, userId: staffer.user.id });
    expect(deleted.entry.before).toEqual({ email: staffer.user.email, role: ROLE.pharmacist });
    expect(JSON.stringify([promoted.entry, deleted.entry])).not.toMatch(/password|hash/i);
  });

  it('records a catalogue import once, with what it did, and nothing for its dry run', async () => {
    const medicine = await insertMedicine(ctx, { priceCents: 499 });
    const importCsv = async (dryRun: boolean) => {
      const form = await multipart(
        {},
        {
          field: 'file',
          content: Buffer.from(`_id,price\n${medicine.id},7.25\n`),
          filename: 'c.csv',
          type: 'text/csv',
        },
      );
      return ctx.app.inject({
        method: 'POST',
        url: `/api/medicines/import${dryRun ? '?dryRun=true' : ''}`,
        payload: form.payload,
        headers: { ...form.headers, ...admin.headers },
      });
    };
    expect((await entriesOf(() => importCsv(true))).rows).toEqual([]);
    const { entry } = await entryOf(() => importCsv(false));
    expect(entry).toMatchObject({ kind: AUDIT_KIND.imported, actorId: admin.user.id, before: null });
    // An import writes only when no row is refused: its record holds what it did, not an empty list of
    // refusals that the audit log showed as a bare "[]".
    expect(entry.after).toEqual({ created: 0, updated: 1, unchanged: 0 });
  });

  it("records an admin's and a pharmacist's status changes, with the parcel of a dispatch", async () => {
    const order = await placedOrder();
    const accepted = await entryOf(() => setOrderStatus(ctx, admin.headers, order._id, ORDER_STATUS.accepted));
    expect(accepted.entry).toMatchObject({
      kind: AUDIT_KIND.orderStatusChanged,
      actorId: admin.user.id,
      orderId: order._id,
      before: { status: ORDER_STATUS.pending },
      after: { status: ORDER_STATUS.accepted },
    });
    const dispatched = await entryOf(() =>
      setOrderStatus(ctx, pharmacist.headers, order._id, ORDER_STATUS.dispatched, {
        carrier: 'Post',
        trackingNumber: 'TR123',
      }),
    );
    expect(dispatched.entry).toMatchObject({
      actorId: pharmacist.user.id,
      after: { status: ORDER_STATUS.dispatched, carrier: 'Post', trackingNumber: 'TR123' },
    });
    // Setting the status an order has already changes nothing.
    expect(
      (await entriesOf(() => setOrderStatus(ctx, admin.headers, order._id, ORDER_STATUS.dispatched))).rows,
    ).toEqual([]);
  });

  it("records a prescription review's decision, and a rejection's cancellation in the same entry", async () => {
    const approvedOrder = await placedOrder({ prescription: true });
    const approved = await entryOf(() =>
      inject('POST', `/orders/${approvedOrder._id}/prescription-review`, pharmacist.headers, {
        decision: 'approve',
        note: 'Dose checked with the GP',
      }),
    );
    expect(approved.entry).toMatchObject({
      kind: AUDIT_KIND.prescriptionReviewed,
      orderId: approvedOrder._id,
      before: { prescriptionReview: PRESCRIPTION_REVIEW.pending },
      after: { prescriptionReview: PRESCRIPTION_REVIEW.approved },
    });
    // The decision, not the prescription nor the pharmacist's note.
    expect(JSON.stringify(approved.entry)).not.toContain('GP');

    const rejectedOrder = await placedOrder({ prescription: true });
    const rejected = await entryOf(() =>
      inject('POST', `/orders/${rejectedOrder._id}/prescription-review`, pharmacist.headers, {
        decision: 'reject',
        note: 'Unreadable',
      }),
    );
    // A rejection's note is the reason the patient was given for it: the log says why the order ended.
    expect(rejected.entry.after).toEqual({
      prescriptionReview: PRESCRIPTION_REVIEW.rejected,
      note: 'Unreadable',
      status: ORDER_STATUS.canceled,
    });
  });

  it("leaves none for a patient's own actions, nor for a refused change", async () => {
    const before = await lastId();
    const order = await placedOrder({ prescription: true });
    // Refused (409) while the prescription waits: the change and its entry roll back together.
    const refused = await setOrderStatus(ctx, admin.headers, order._id, ORDER_STATUS.accepted);
    expect(refused.statusCode).toBe(409);
    expect(await lastId()).toBe(before);
  });
});

describe('GET /api/audit', () => {
  let medicineId: string;
  let order: { _id: string; number: string };
  beforeAll(async () => {
    medicineId = (await insertMedicine(ctx)).id;
    await inject('PATCH', `/medicines/${medicineId}/reorder-level`, admin.headers, { reorderLevel: 3 });
    await inject('PATCH', `/medicines/${medicineId}/reorder-level`, admin.headers, { reorderLevel: 4 });
    await inject('POST', `/medicines/${medicineId}/batches`, admin.headers, {
      lot: 'FILTER-1',
      expiresOn: '2099-01-01',
      quantity: 2,
    });
    order = await placedOrder();
    await setOrderStatus(ctx, pharmacist.headers, order._id, ORDER_STATUS.accepted);
  });

  it('lists entries newest first, filtered by kind, by person and by medicine or order', async () => {
    const byKind = await auditList(`?kind=${AUDIT_KIND.reorderLevelSet}`);
    expect(byKind.entries.every((entry) => entry.kind === AUDIT_KIND.reorderLevelSet)).toBe(true);
    const mine = byKind.entries.filter((entry) => entry.medicineId === medicineId);
    expect(mine.map((entry) => entry.after)).toEqual([{ reorderLevel: 4 }, { reorderLevel: 3 }]);

    // A medicine's subject takes in the changes to its batches.
    const byMedicine = await auditList(`?subject=${medicineId}`);
    expect(byMedicine.total).toBe(3);
    expect(byMedicine.entries.map((entry) => entry.kind)).toEqual([
      AUDIT_KIND.batchReceived,
      AUDIT_KIND.reorderLevelSet,
      AUDIT_KIND.reorderLevelSet,
    ]);

    const byPerson = await auditList(`?actor=${encodeURIComponent(pharmacist.user.email.toUpperCase())}`);
    expect(byPerson.entries.length).toBeGreaterThan(0);
    expect(byPerson.entries.every((entry: AuditEntry) => entry.actor._id === pharmacist.user.id)).toBe(true);
    expect((await auditList(`?actor=${pharmacist.user.id}`)).total).toBe(byPerson.total);

    for (const subject of [order._id, order.number]) {
      const byOrder = await auditList(`?subject=${subject}&kind=${AUDIT_KIND.orderStatusChanged}`);
      expect(byOrder).toEqual({
        total: 1,
        entries: [
          expect.objectContaining({
            orderId: order._id,
            actor: { _id: pharmacist.user.id, email: pharmacist.user.email },
          }),
        ],
      });
    }
  });

  it('names each subject as staff know it, and a deleted user by the e-mail their deletion recorded', async () => {
    const byMedicine = await auditList(`?subject=${medicineId}&kind=${AUDIT_KIND.batchReceived}`);
    const medicine = await storedMedicine(ctx, medicineId);
    expect(byMedicine.entries).toEqual([
      expect.objectContaining({
        medicineName: medicine!.name,
        batchLot: 'FILTER-1',
        orderNumber: null,
        userEmail: null,
      }),
    ]);
    const byOrder = await auditList(`?subject=${order.number}`);
    expect(byOrder.entries.map((entry) => entry.orderNumber)).toEqual([order.number]);

    const staffer = await createTestUser(ctx);
    await inject('PATCH', `/auth/users/${staffer.user.id}/role`, admin.headers, { role: ROLE.pharmacist });
    expect((await auditList(`?subject=${staffer.user.id}`)).entries).toEqual([
      expect.objectContaining({ userId: staffer.user.id, userEmail: staffer.user.email }),
    ]);
    await inject('DELETE', `/auth/delete-user/${staffer.user.id}`, admin.headers);
    const afterDeletion = await auditList(`?subject=${staffer.user.id}`);
    // Their earlier entries still say who it was, as their deletion's entry does.
    expect(afterDeletion.entries.map(({ kind, userId, userEmail }) => ({ kind, userId, userEmail }))).toEqual([
      { kind: AUDIT_KIND.userDeleted, userId: staffer.user.id, userEmail: staffer.user.email },
      { kind: AUDIT_KIND.roleChanged, userId: staffer.user.id, userEmail: staffer.user.email },
    ]);
  });

  it('pages on the server, with the total of every match', async () => {
    const kind = AUDIT_KIND.batchReceived;
    const { medicine } = await medicineWithBatches(
      ctx,
      admin.headers,
      Array.from({ length: AUDIT_PAGE_SIZE + 2 }, (_, i) => ({ lot: `P-${i}`, expiresOn: '2099-01-01', quantity: 1 })),
    );
    const first = await auditList(`?subject=${medicine.id}&kind=${kind}`);
    const second = await auditList(`?subject=${medicine.id}&kind=${kind}&page=2`);
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 2);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(second.entries.map((entry) => entry.after!.lot)).toEqual(['P-1', 'P-0']);

    // The whole log's total and a kind's are kept by the database: they match the entries there are.
    const stored = async (where?: SQL) =>
      (await ctx.database.db.select({ n: count() }).from(auditLog).where(where))[0]!.n;
    expect((await auditList('')).total).toBe(await stored());
    expect((await auditList(`?kind=${kind}`)).total).toBe(await stored(eq(auditLog.kind, kind)));
    expect((await auditList(`?kind=${kind}`)).total).toBeGreaterThanOrEqual(AUDIT_PAGE_SIZE + 2);
  });

  it('refuses a bad filter with a 400 in the one error shape', async () => {
    const badKind = await listAudit('?kind=everything');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe(AUDIT_KIND_MESSAGE);
    const badSubject = await listAudit('?subject=paracetamol');
    expect(badSubject.statusCode).toBe(400);
    expect(badSubject.json().message).toBe(AUDIT_SUBJECT_MESSAGE);
    expect((await listAudit('?page=0')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const user of [pharmacist, patient]) {
      const response = await listAudit('', user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: NOT_ADMIN_MESSAGE });
    }
    expect((await listAudit('', {})).statusCode).toBe(401);
  });

  it('offers no way to change or remove an entry, and the database refuses one too', async () => {
    const [entry] = await ctx.database.db.select().from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit', `/api/audit/${entry!.id}`]) {
        const response = await ctx.app.inject({ method, url, headers: admin.headers, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(Object.keys(response.json())).toEqual(['message']);
      }
    }
    await expect(ctx.database.db.execute(sql`update audit_log set kind = kind`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await lastId()).toBeGreaterThanOrEqual(entry!.id);
  });

  it("keeps a deleted staff member's entries, with their e-mail", async () => {
    const leaver = await createTestUser(ctx, { role: ROLE.pharmacist });
    const order = await placedOrder();
    await setOrderStatus(ctx, leaver.headers, order._id, ORDER_STATUS.accepted);
    await inject('DELETE', `/auth/delete-user/${leaver.user.id}`, admin.headers);
    const kept = await auditList(`?actor=${leaver.user.id}`);
    expect(kept.entries).toEqual([
      expect.objectContaining({ actor: { _id: leaver.user.id, email: leaver.user.email }, orderId: order._id }),
    ]);
  });
});
