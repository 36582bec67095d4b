import { ORDER_STATUS, recalledLotMessage, ROLE } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { batches, mailOutbox, orderHistory } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, storedMedicine } from '../medicines/medicines.fixtures';
import { setOrderStatus } from '../orders/orders.fixtures';

let admin: Headers;
type Headers = { authorization?: string };

const ctx = useTestContext();
beforeAll(async () => {
  admin = (await createTestUser(ctx, { role: ROLE.admin })).headers;
});

/** Fixes the day expiry is judged by, as the database's clock would read it. */
const freezeToday = (day: string) =>
  ctx.database.db.execute(
    sql.raw(`create or replace function shop_today() returns date language sql stable as $$ select date '${day}' $$`),
  );
const thawToday = () =>
  ctx.database.db.execute(
    sql`create or replace function shop_today() returns date language sql stable as $$ select current_date $$`,
  );

/** A medicine with no stock of its own, then the given batches, added through the API. */
async function medicineWithBatches(lots: { lot: string; expiresOn: string; quantity: number }[]) {
  const medicine = await insertMedicine(ctx, { stock: 0 });
  await ctx.database.db.delete(batches).where(eq(batches.medicineId, medicine.id));
  const ids: Record<string, string> = {};
  for (const lot of lots) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: admin,
      payload: lot,
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[lot.lot] = response.json().batch._id;
  }
  return { medicine, ids };
}
const quantities = async (medicineId: string) =>
  Object.fromEntries(
    (await ctx.database.db.select().from(batches).where(eq(batches.medicineId, medicineId))).map((b) => [
      b.lot,
      b.quantity,
    ]),
  );
/** A checkout with a delivery address, so that its order can be dispatched. */
const checkout = (headers: Headers) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers, payload: { address: HOME_ADDRESS } });
async function order(medicineId: string, quantity: number, firstName = 'Pat') {
  const buyer = await createTestUser(ctx, { firstName });
  await addToCart(ctx, buyer.headers, medicineId, quantity);
  const response = await checkout(buyer.headers);
  expect(response.statusCode, response.body).toBe(201);
  return { buyer, order: response.json().order as { _id: string; number: string } };
}

describe('batches at checkout', () => {
  it('takes units from the batches that expire first', async () => {
    const { medicine } = await medicineWithBatches([
      { lot: 'LATE', expiresOn: '2099-03-01', quantity: 5 },
      { lot: 'EARLY', expiresOn: '2099-01-01', quantity: 3 },
      { lot: 'MIDDLE', expiresOn: '2099-02-01', quantity: 4 },
    ]);
    await order(medicine.id, 6);
    expect(await quantities(medicine.id)).toEqual({ EARLY: 0, MIDDLE: 1, LATE: 5 });
    expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(6);
  });

  it('never sells an expired batch: it leaves the stock on its expiry date', async () => {
    try {
      await freezeToday('2040-06-10');
      const { medicine } = await medicineWithBatches([
        { lot: 'GOOD', expiresOn: '2040-06-11', quantity: 2 },
        { lot: 'OLD', expiresOn: '2040-06-10', quantity: 8 },
      ]);
      expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(2);
      const buyer = await createTestUser(ctx);
      await addToCart(ctx, buyer.headers, medicine.id, 2);
      // The next day the last sellable batch has expired too: nothing is sold.
      await freezeToday('2040-06-11');
      const refused = await checkout(buyer.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: `${medicine.name} is out of stock.` });
      expect(await quantities(medicine.id)).toEqual({ GOOD: 2, OLD: 8 });
      expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(0);
    } finally {
      await thawToday();
    }
  });

  it('puts a canceled order back into the same batches', async () => {
    const { medicine } = await medicineWithBatches([
      { lot: 'A', expiresOn: '2099-01-01', quantity: 2 },
      { lot: 'B', expiresOn: '2099-02-01', quantity: 5 },
    ]);
    const { order: placed } = await order(medicine.id, 4);
    expect(await quantities(medicine.id)).toEqual({ A: 0, B: 3 });
    // A delivery expiring before both arrives meanwhile: the units still go back where they came from.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: admin,
      payload: { lot: 'NEW', expiresOn: '2098-01-01', quantity: 1 },
    });
    const canceled = await setOrderStatus(ctx, admin, placed._id, 'Canceled');
    expect(canceled.statusCode).toBe(200);
    expect(await quantities(medicine.id)).toEqual({ A: 2, B: 5, NEW: 1 });
  });

  it('sells exactly the stock of several batches to shoppers checking out at once', async () => {
    const { medicine } = await medicineWithBatches([
      { lot: 'ONE', expiresOn: '2099-01-01', quantity: 2 },
      { lot: 'TWO', expiresOn: '2099-02-01', quantity: 3 },
    ]);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => createTestUser(ctx)));
    for (const buyer of buyers) await addToCart(ctx, buyer.headers, medicine.id, 1);
    const answers = await Promise.all(buyers.map((buyer) => checkout(buyer.headers)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(7);
    expect(await quantities(medicine.id)).toEqual({ ONE: 0, TWO: 0 });
  });
});

describe('recalls', () => {
  it('refuses checkout of a recalled lot, lists exactly its orders, flags the undispatched, mails each patient once', async () => {
    const { medicine, ids } = await medicineWithBatches([
      { lot: 'R-1', expiresOn: '2099-01-01', quantity: 4 },
      { lot: 'SAFE', expiresOn: '2099-06-01', quantity: 10 },
    ]);
    const first = await order(medicine.id, 3, 'Ann');
    const second = await order(medicine.id, 1, 'Ben');
    const again = await order(medicine.id, 2, 'Ann2'); // from SAFE only: R-1 is empty by now
    const dispatched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order/${second.order._id}`,
      headers: admin,
      payload: { status: ORDER_STATUS.dispatched },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);

    const recall = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches/${ids['R-1']}/recall`,
      headers: admin,
      payload: { reason: 'Contaminated' },
    });
    expect(recall.statusCode, recall.body).toBe(200);
    const orders = recall.json().orders as { _id: string; units: number; status: string; flagged: boolean }[];
    expect(orders.map((o) => o._id).sort()).toEqual([first.order._id, second.order._id].sort());
    expect(orders.find((o) => o._id === first.order._id)).toMatchObject({ units: 3, status: 'Pending', flagged: true });
    expect(orders.find((o) => o._id === second.order._id)).toMatchObject({
      units: 1,
      status: 'Dispatched',
      flagged: false,
    });
    expect(orders.some((o) => o._id === again.order._id)).toBe(false);
    // The recall page reads the lot back with its medicine, the reason given and each order's number.
    const page = await ctx.app.inject({ method: 'GET', url: `/api/recalls/${ids['R-1']}`, headers: admin });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      batch: { lot: 'R-1' },
      medicine: { _id: medicine.id, name: medicine.name },
      reason: 'Contaminated',
    });
    expect(
      page
        .json()
        .orders.map((o: { number: string }) => o.number)
        .sort(),
    ).toEqual([first.order.number, second.order.number].sort());
    const flags = await ctx.database.db.select().from(orderHistory).where(eq(orderHistory.event, 'recall-flagged'));
    expect(flags.map((row) => row.orderId)).toEqual([first.order._id]);

    // The first order is canceled: its 3 units go back into the recalled lot, which may not be sold.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order/${first.order._id}`,
      headers: admin,
      payload: { status: 'Canceled' },
    });
    const buyer = await createTestUser(ctx);
    await addToCart(ctx, buyer.headers, medicine.id, 8);
    await ctx.database.db.update(batches).set({ quantity: 0 }).where(eq(batches.id, ids.SAFE!));
    const refused = await checkout(buyer.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: recalledLotMessage(medicine.name, 'R-1') });

    const notify = () => ctx.app.inject({ method: 'POST', url: `/api/recalls/${ids['R-1']}/notify`, headers: admin });
    const [one, two] = await Promise.all([notify(), notify()]);
    expect([one!.json(), two!.json()].map((body) => body.notified).sort()).toEqual([0, 2]);
    expect((await notify()).json()).toEqual({ notified: 0, alreadyNotified: 2 });
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} = ${`Recall: lot R-1 of ${medicine.name}`}`);
    expect(mails.map((mail) => mail.to).sort()).toEqual([first.buyer.user.email, second.buyer.user.email].sort());
  });

  it('lets a pharmacist read batches and reports but not change them', async () => {
    const pharmacist = (await createTestUser(ctx, { role: ROLE.pharmacist })).headers;
    const { medicine } = await medicineWithBatches([{ lot: 'P', expiresOn: '2099-01-01', quantity: 1 }]);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: pharmacist,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().batches).toEqual([expect.objectContaining({ lot: 'P', quantity: 1, expiresOn: '2099-01-01' })]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/reports/low-stock', headers: pharmacist })).statusCode,
    ).toBe(200);
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: pharmacist,
      payload: { lot: 'Q', expiresOn: '2099-01-01', quantity: 1 },
    });
    expect(add.statusCode).toBe(403);
  });
});
