import {
  AUDIT_KIND,
  MEDICINE_CHANGED_MESSAGE,
  MEDICINE_VERSION_MESSAGE,
  medicineEtag,
  medicineResponseSchema,
  orderResponseSchema,
  ROLE,
  updatedMedicineResponseSchema,
  type Medicine,
} from '@apotheca/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, medicines } from '../../db/schema';
import { waitersOnLocks } from '../../test/lock-waiters';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, multipart, storedMedicine } from './medicines.fixtures';
import { setOrderStatus } from '../orders/orders.fixtures';

const ctx = useTestContext();
const { admin } = useTestUsers(ctx, { admin: ROLE.admin });

const load = async (id: string) =>
  medicineResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` })).json()).medicine;
const stored = async (id: string) => (await storedMedicine(ctx, id))!;

/** The update form as the admin's browser sends it: every field as it was loaded, plus the changes. */
const formOf = (medicine: Medicine, changes: Record<string, string> = {}) => ({
  name: medicine.name,
  developedBy: medicine.developedBy,
  maxMonthsExpiry: String(medicine.maxMonthsExpiry),
  category: medicine.category,
  stock: String(medicine.stock),
  price: String(medicine.price),
  imageUrl: medicine.imageUrl,
  version: String(medicine.version),
  ...changes,
});
const update = async (id: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = await multipart(fields);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/medicines/update-medicine/${id}`,
    payload: body.payload,
    headers: { ...body.headers, ...admin, ...headers },
  });
};

/** A shopper's order of `quantity` units, which takes them from the stock. */
async function order(medicineId: string, quantity: number) {
  const { headers } = await createTestUser(ctx);
  await addToCart(ctx, headers, medicineId, quantity);
  const placed = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
  expect(placed.statusCode).toBe(201);
  return orderResponseSchema.parse(placed.json()).order;
}

describe('an admin edit based on a stale form', () => {
  it('answers 409 and changes nothing when an order took stock after the form was loaded', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10, priceCents: 500 });
    const loaded = await load(id);
    await order(id, 3);
    expect((await stored(id)).stock).toBe(7);

    // The admin changes only the price, on the form that still says 10.
    const response = await update(id, formOf(loaded, { price: '6.50' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MEDICINE_CHANGED_MESSAGE });
    expect(await stored(id)).toMatchObject({ stock: 7, priceCents: 500 });
  });

  it('writes an update without a version unconditionally, stock included (the last writer wins)', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10, priceCents: 500 });
    const loaded = await load(id);
    await order(id, 3);
    const { version: _version, ...withoutVersion } = formOf(loaded, { stock: '40', price: '6.50' });

    const response = await update(id, withoutVersion);
    expect(response.statusCode).toBe(200);
    expect(updatedMedicineResponseSchema.parse(response.json()).updatedMedicine).toMatchObject({ stock: 40 });
    expect(await stored(id)).toMatchObject({ stock: 40, priceCents: 650 });
  });

  it('records one change when a form without a version is sent twice at once: the second finds it made', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10, priceCents: 500 });
    const { version: _version, ...withoutVersion } = formOf(await load(id), { stock: '4', price: '6.50' });
    const { sent } = await ctx.database.db.transaction(async (tx) => {
      // The medicine is held, as a sale holds it, until both copies wait to write it.
      await tx.select().from(medicines).where(eq(medicines.id, id)).for('update');
      const sent = Promise.all([update(id, withoutVersion), update(id, withoutVersion)]);
      await waitersOnLocks(ctx, 2);
      return { sent };
    });
    expect((await sent).map(({ statusCode }) => statusCode)).toEqual([200, 200]);
    expect(await stored(id)).toMatchObject({ stock: 4, priceCents: 650 });
    const entries = await ctx.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.medicineId, id), eq(auditLog.kind, AUDIT_KIND.medicineUpdated)));
    expect(entries).toEqual([{ before: { price: 5, stock: 10 }, after: { price: 6.5, stock: 4 } }]);
  });

  it('saves once reloaded, keeping the sold units sold, and answers with the next version', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10, priceCents: 500 });
    await order(id, 3);
    const reloaded = await load(id);
    expect(reloaded.stock).toBe(7);

    const response = await update(id, formOf(reloaded, { price: '6.50' }));
    expect(response.statusCode).toBe(200);
    const { updatedMedicine } = updatedMedicineResponseSchema.parse(response.json());
    expect(updatedMedicine).toMatchObject({ stock: 7, price: 6.5, version: reloaded.version + 1 });
    expect(await load(id)).toEqual(updatedMedicine);
    // The form it was based on is now stale as well.
    expect((await update(id, formOf(reloaded, { price: '7' }))).statusCode).toBe(409);
  });

  it('keeps working without a version when the stock is left as it is', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10, priceCents: 500 });
    const { version: _version, ...withoutVersion } = formOf(await load(id), { price: '6.50' });
    const response = await update(id, withoutVersion);
    expect(response.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ stock: 10, priceCents: 650 });
  });

  it('counts the stock a cancellation gives back as a change too', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10 });
    const placed = await order(id, 3);
    const beforeCancel = await load(id);
    const canceled = await setOrderStatus(ctx, admin, placed._id, 'Canceled');
    expect(canceled.statusCode).toBe(200);
    const response = await update(id, formOf(beforeCancel, { name: 'Renamed' }));
    expect(response.statusCode).toBe(409);
    expect(await stored(id)).toMatchObject({ stock: 10, name: beforeCancel.name });
  });

  it.each(['abc', '1.5', '0', '-2', '99999999999'])('answers 400 on the version field for %s', async (version) => {
    const { id } = await insertMedicine(ctx);
    const loaded = await load(id);
    const response = await update(id, formOf(loaded, { version, name: 'Renamed' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MEDICINE_VERSION_MESSAGE,
      errors: { version: MEDICINE_VERSION_MESSAGE },
    });
    expect((await stored(id)).name).toBe(loaded.name);
  });
});

describe('an update conditional on the ETag of GET /medicines/:id', () => {
  const withoutVersion = (medicine: Medicine, changes: Record<string, string>) => {
    const { version: _version, ...fields } = formOf(medicine, changes);
    return fields;
  };

  it('sends the medicine version as its ETag', async () => {
    const { id } = await insertMedicine(ctx);
    const first = await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` });
    // The second answer comes from the catalogue cache, and carries it too.
    const cached = await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` });
    expect(first.headers.etag).toBe(medicineEtag((await stored(id)).version));
    expect(cached.headers.etag).toBe(first.headers.etag);
  });

  it('saves with a current If-Match and answers 409 with a stale one, changing nothing', async () => {
    const { id } = await insertMedicine(ctx, { stock: 10, priceCents: 500 });
    const etag = (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` })).headers.etag as string;
    const loaded = await load(id);
    await order(id, 3);

    const stale = await update(id, withoutVersion(loaded, { stock: '50' }), { 'if-match': etag });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MEDICINE_CHANGED_MESSAGE });
    expect((await stored(id)).stock).toBe(7);

    const fresh = await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` });
    const saved = await update(id, withoutVersion(await load(id), { stock: '50' }), {
      'if-match': fresh.headers.etag as string,
    });
    expect(saved.statusCode).toBe(200);
    expect((await stored(id)).stock).toBe(50);
  });

  it('answers 409 when If-Match names no current ETag, even beside a current version field', async () => {
    const { id } = await insertMedicine(ctx);
    const loaded = await load(id);
    const response = await update(id, formOf(loaded, { name: 'Renamed' }), { 'if-match': 'W/"1", "999"' });
    expect(response.statusCode).toBe(409);
    expect((await stored(id)).name).toBe(loaded.name);
  });
});
