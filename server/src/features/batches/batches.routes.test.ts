import {
  BATCH_MOVEMENT,
  BATCH_QUANTITY_MESSAGE,
  BATCH_STATE,
  EXPIRES_ON_MESSAGE,
  EXPIRES_ON_PAST_MESSAGE,
  EXPIRES_ON_TODAY_MESSAGE,
  MEDICINE_CHANGED_MESSAGE,
  medicineResponseSchema,
  ORDER_EVENT,
  ORDER_STATUS,
  orderResponseSchema,
  PRESCRIPTION_DECISION,
  NO_RECALLED_UNITS_MESSAGE,
  recalledLotHeldMessage,
  recalledUnitsReplacedNote,
  REPLACE_TOO_LATE_MESSAGE,
  recalledLotMessage,
  recalledMedicineKeptMessage,
  recallNoticeNote,
  RECEIVED_QUANTITY_MESSAGE,
  ROLE,
  stockAboveMaxMessage,
  shopDayOf,
} from '@apotheca/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { batches, batchMovements, mailOutbox, medicines, orderHistory } from '../../db/schema';
import { waitersOnLocks } from '../../test/lock-waiters';
import { startSmtpSink } from '../../test/smtp-sink';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers, type AuthHeaders } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { DETAILS_BELOW } from '../mail/mail-templates.service';
import { STOCK_EDIT_REASON } from '../stock/stock.service';
import { sendForm, storedMedicine } from '../medicines/medicines.fixtures';
import { setOrderStatus } from '../orders/orders.fixtures';
import { PDF_SCAN, uploadPrescription } from '../prescriptions/prescriptions.fixtures';
import {
  checkoutWithAddress,
  freezeToday,
  medicineWithBatches,
  onDay,
  orderOf,
  quantities as lotQuantities,
  recallLot,
  storedOrder,
} from './batches.fixtures';

// The shop mails through real SMTP to a local sink, so the recall notices are read as delivered.
const sink = await startSmtpSink();
afterAll(() => sink.close());
const ctx = useTestContext({ smtpUrl: sink.url });
const { admin } = useTestUsers(ctx, { admin: ROLE.admin });

const quantities = (medicineId: string) => lotQuantities(ctx, medicineId);
const checkout = (headers: AuthHeaders) => checkoutWithAddress(ctx, headers);
const order = (medicineId: string, quantity: number, firstName?: string) =>
  orderOf(ctx, medicineId, quantity, firstName);

describe('batches at checkout', () => {
  it('takes units from the batches that expire first', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, [
      { lot: 'LATE', expiresOn: '2099-03-01', quantity: 5 },
      { lot: 'EARLY', expiresOn: '2099-01-01', quantity: 3 },
      { lot: 'MIDDLE', expiresOn: '2099-02-01', quantity: 4 },
    ]);
    await order(medicine.id, 6);
    expect(await quantities(medicine.id)).toEqual({ EARLY: 0, MIDDLE: 1, LATE: 5 });
    expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(6);
  });

  it('never sells an expired batch: it leaves the stock on its expiry date', async () => {
    await onDay(ctx, '2040-06-10', async () => {
      const { medicine } = await medicineWithBatches(ctx, admin, [
        { lot: 'GOOD', expiresOn: '2040-06-11', quantity: 2 },
        { lot: 'OLD', expiresOn: '2040-06-10', quantity: 8 },
      ]);
      expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(2);
      const buyer = await createTestUser(ctx);
      await addToCart(ctx, buyer.headers, medicine.id, 2);
      // The next day the last sellable batch has expired too: nothing is sold.
      await freezeToday(ctx, '2040-06-11');
      const refused = await checkout(buyer.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: `${medicine.name} is out of stock.` });
      expect(await quantities(medicine.id)).toEqual({ GOOD: 2, OLD: 8 });
      expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(0);
    });
  });

  it("lists each batch with its state as the shop's day judges it, as checkout does", async () => {
    await onDay(ctx, '2040-06-10', async () => {
      const { medicine, ids } = await medicineWithBatches(ctx, admin, [
        { lot: 'GOOD', expiresOn: '2040-06-11', quantity: 2 },
        { lot: 'OLD', expiresOn: '2040-06-10', quantity: 8 },
        { lot: 'GONE', expiresOn: '2099-01-01', quantity: 1 },
        { lot: 'BAD', expiresOn: '2099-01-01', quantity: 1 },
      ]);
      const change = (lot: string, action: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/medicines/${medicine.id}/batches/${ids[lot]}/${action}`,
          headers: admin,
          payload: { reason: 'Damaged' },
        });
      expect((await change('GONE', 'write-off')).statusCode).toBe(200);
      expect((await change('BAD', 'recall')).statusCode).toBe(200);
      const states = async () =>
        Object.fromEntries(
          (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${medicine.id}/batches`, headers: admin }))
            .json()
            .batches.map((batch: { lot: string; state: string }) => [batch.lot, batch.state]),
        );
      expect(await states()).toEqual({
        GOOD: BATCH_STATE.sellable,
        OLD: BATCH_STATE.expired,
        GONE: BATCH_STATE.writtenOff,
        BAD: BATCH_STATE.recalled,
      });
      await freezeToday(ctx, '2040-06-11');
      expect((await states()).GOOD).toBe(BATCH_STATE.expired);
    });
  });

  it('refuses a delivery expiring on a day the calendar does not have, and stores nothing', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, []);
    for (const expiresOn of ['2027-02-31', '0000-01-01']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/medicines/${medicine.id}/batches`,
        headers: admin,
        payload: { lot: 'NEW', expiresOn, quantity: 1 },
      });
      expect(response.statusCode, expiresOn).toBe(400);
      expect(response.json()).toEqual({ message: EXPIRES_ON_MESSAGE, errors: { expiresOn: EXPIRES_ON_MESSAGE } });
    }
    expect(await quantities(medicine.id)).toEqual({});
  });

  it("refuses a delivery already expired by the shop's day, naming the field, and stores nothing", async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, []);
    const yesterday = shopDayOf(new Date(Date.now() - 86_400_000));
    for (const expiresOn of ['2020-01-01', yesterday]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/medicines/${medicine.id}/batches`,
        headers: admin,
        payload: { lot: 'OLD', expiresOn, quantity: 1 },
      });
      expect(response.statusCode, expiresOn).toBe(400);
      expect(response.json()).toEqual({
        message: EXPIRES_ON_PAST_MESSAGE,
        errors: { expiresOn: EXPIRES_ON_PAST_MESSAGE },
      });
    }
    expect(await quantities(medicine.id)).toEqual({});
  });

  it("refuses a delivery expiring on the shop's day, which could never be sold, naming the field, and stores nothing", async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, []);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: admin,
      payload: { lot: 'TODAY', expiresOn: new Date().toISOString().slice(0, 10), quantity: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: EXPIRES_ON_TODAY_MESSAGE,
      errors: { expiresOn: EXPIRES_ON_TODAY_MESSAGE },
    });
    expect(await quantities(medicine.id)).toEqual({});
  });

  it('puts a canceled order back into the same batches', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, [
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
    const { medicine } = await medicineWithBatches(ctx, admin, [
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
  it('refuses checkout of a recalled lot, lists exactly its orders, flags the undispatched, mails each patient who received it once', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
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
    expect(page.json().total).toBe(2);
    // A page at a time, newest first: a lot may have reached thousands of orders.
    const secondPage = await ctx.app.inject({ url: `/api/recalls/${ids['R-1']}?limit=1&page=2`, headers: admin });
    expect(secondPage.json()).toMatchObject({ total: 2, orders: [{ _id: first.order._id }] });
    const badPage = await ctx.app.inject({ url: `/api/recalls/${ids['R-1']}?page=0`, headers: admin });
    expect(badPage.statusCode).toBe(400);
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
    // Each patient is claimed in a transaction of its own, so two presses at once mail them once.
    // Only Ben received the lot: Ann's units came back to the shop when her order was canceled.
    expect(one.json().notified + two.json().notified).toBe(1);
    expect((await notify()).json()).toEqual({ notified: 0, alreadyNotified: 1 });
    const queued = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'batchRecalled'));
    expect(queued.map((mail) => mail.to)).toEqual([second.buyer.user.email]);
    // What each patient receives, as the mail server got it (text part; the HTML part says the same).
    const recallNotice = /Dear .*has been recalled by its manufacturer\..*contact your doctor\.\n\nApotheca/s;
    const delivered = () =>
      sink.received
        .map((mail) => ({
          to: mail.to,
          subject: /^Subject: (.*)$/m.exec(mail.raw)?.[1],
          text: mail.text.replace(/\r\n/g, '\n'),
        }))
        .filter((mail) => recallNotice.test(mail.text));
    // The outbox's worker sends on its next round.
    await vi.waitFor(() => expect(delivered()).toHaveLength(1), { timeout: 10_000 });
    expect(delivered()).toEqual(
      [second.buyer.user].map(({ email, firstName, lastName }) => ({
        to: [email],
        // The subject and the opening line, which a phone shows on its locked screen, name no medicine:
        // what a patient takes is theirs to read, not their lock screen's or a shared inbox's.
        subject: 'Recall notice: a medicine you received from Apotheca',
        text: expect.stringContaining(
          `Dear ${firstName} ${lastName},\n\nA medicine you received from Apotheca has been recalled by its manufacturer.\n\n${DETAILS_BELOW}\n\nIt is lot R-1 of ${medicine.name}.\n\nPlease stop using the units of lot R-1 (the lot number is printed on the pack) and return them to us or to any pharmacy. If you have taken it and feel unwell, contact your doctor.\n\nApotheca`,
        ),
      })),
    );
  });

  it("writes the notice into the history of each order it mails about, once, where the patient's order shows it", async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'N-1', expiresOn: '2099-01-01', quantity: 3 },
      { lot: 'SAFE', expiresOn: '2099-06-01', quantity: 10 },
    ]);
    const ann = await order(medicine.id, 2, 'Ann');
    // Ann orders again, N-1's last unit: one mail tells her of the lot, and each of her orders says so.
    await addToCart(ctx, ann.buyer.headers, medicine.id, 1);
    const again = await checkout(ann.buyer.headers);
    expect(again.statusCode, again.body).toBe(201);
    const annAgain = { buyer: ann.buyer, order: again.json().order as { _id: string } };
    const cy = await order(medicine.id, 2, 'Cy'); // from SAFE only: N-1 is empty by now
    for (const { order: placed } of [ann, annAgain, cy]) {
      const dispatched = await setOrderStatus(ctx, admin, placed._id, ORDER_STATUS.dispatched);
      expect(dispatched.statusCode, dispatched.body).toBe(200);
    }
    const recall = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches/${ids['N-1']}/recall`,
      headers: admin,
      payload: { reason: 'Contaminated' },
    });
    expect(recall.statusCode, recall.body).toBe(200);

    const notify = () => ctx.app.inject({ method: 'POST', url: `/api/recalls/${ids['N-1']}/notify`, headers: admin });
    const [one, two] = await Promise.all([notify(), notify()]);
    expect(one.json().notified + two.json().notified).toBe(1);
    expect((await notify()).json()).toEqual({ notified: 0, alreadyNotified: 1 });

    const notices = await ctx.database.db
      .select()
      .from(orderHistory)
      .where(
        and(
          eq(orderHistory.event, ORDER_EVENT.recallNotified),
          inArray(orderHistory.orderId, [ann.order._id, annAgain.order._id, cy.order._id]),
        ),
      );
    expect(notices.map((row) => row.orderId).sort()).toEqual([ann.order._id, annAgain.order._id].sort());
    expect(notices.map((row) => row.note)).toEqual([
      recallNoticeNote(medicine.name, 'N-1'),
      recallNoticeNote(medicine.name, 'N-1'),
    ]);
    const seen = async ({ buyer, order: placed }: { buyer: typeof ann.buyer; order: { _id: string } }) => {
      const response = await ctx.app.inject({
        url: `/api/orders/single-product/${placed._id}`,
        headers: buyer.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return orderResponseSchema.parse(response.json()).order.history;
    };
    expect(await seen(ann)).toContainEqual(
      expect.objectContaining({ event: ORDER_EVENT.recallNotified, note: recallNoticeNote(medicine.name, 'N-1') }),
    );
    // Cy's order drew from another lot of the same medicine: its history says nothing of the recall.
    expect((await seen(cy)).map(({ event }) => event)).not.toContain(ORDER_EVENT.recallNotified);
  });

  it('mails no patient whose order of the lot has not left the shop: it is held for the pharmacist', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'HELD', expiresOn: '2099-01-01', quantity: 2 },
    ]);
    const held = await order(medicine.id, 2, 'Dee');
    const recall = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches/${ids.HELD}/recall`,
      headers: admin,
      payload: { reason: 'Mislabelled' },
    });
    expect(recall.json().orders).toEqual([expect.objectContaining({ _id: held.order._id, flagged: true })]);

    const notified = await ctx.app.inject({ method: 'POST', url: `/api/recalls/${ids.HELD}/notify`, headers: admin });
    expect(notified.statusCode, notified.body).toBe(200);
    expect(notified.json()).toEqual({ notified: 0, alreadyNotified: 0 });
    const queued = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, held.buyer.user.email));
    expect(queued.map((mail) => mail.template)).not.toContain('batchRecalled');
  });

  const stored = (orderId: string) => storedOrder(ctx, orderId);

  it('refuses to dispatch an order holding units of a recalled lot, changing nothing; its units taken again from another lot, it goes', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'BAD', expiresOn: '2099-01-01', quantity: 2 },
      { lot: 'GOOD', expiresOn: '2099-06-01', quantity: 5 },
    ]);
    const held = await order(medicine.id, 3, 'Eve');
    expect((await setOrderStatus(ctx, admin, held.order._id, ORDER_STATUS.accepted)).statusCode).toBe(200);
    await recallLot(ctx, admin, medicine.id, ids.BAD!);
    const before = await stored(held.order._id);
    expect(before.draws).toEqual({ BAD: 2, GOOD: 1 });

    const refused = await setOrderStatus(ctx, admin, held.order._id, ORDER_STATUS.dispatched, {
      carrier: 'DHL',
      trackingNumber: 'T-1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: recalledLotHeldMessage(medicine.name, 'BAD') });
    expect(await stored(held.order._id)).toEqual(before);
    expect(await quantities(medicine.id)).toEqual({ BAD: 0, GOOD: 4 });

    // Canceled, its units go back to their lots; opened again, it takes them from the sellable lot alone.
    expect((await setOrderStatus(ctx, admin, held.order._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    expect((await setOrderStatus(ctx, admin, held.order._id, ORDER_STATUS.accepted)).statusCode).toBe(200);
    const dispatched = await setOrderStatus(ctx, admin, held.order._id, ORDER_STATUS.dispatched);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(await stored(held.order._id)).toMatchObject({ status: ORDER_STATUS.dispatched, draws: { GOOD: 3 } });
    expect(await quantities(medicine.id)).toEqual({ BAD: 2, GOOD: 2 });
  });

  const replace = (orderId: string, headers: AuthHeaders) =>
    ctx.app.inject({ method: 'POST', url: `/api/orders/${orderId}/replace-recalled-units`, headers });

  it("replaces a held order's units of a recalled lot from the sellable lots, first expiry first; then it may go", async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'BAD', expiresOn: '2099-01-01', quantity: 2 },
      { lot: 'SOON', expiresOn: '2099-03-01', quantity: 2 },
      { lot: 'LATE', expiresOn: '2099-06-01', quantity: 5 },
    ]);
    const held = await order(medicine.id, 3, 'Fay');
    await recallLot(ctx, admin, medicine.id, ids.BAD!);
    const pharmacist = (await createTestUser(ctx, { role: ROLE.pharmacist })).headers;

    const replaced = await replace(held.order._id, pharmacist);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const answered = orderResponseSchema.parse(replaced.json()).order;
    expect(answered.history.at(-1)).toMatchObject({
      event: ORDER_EVENT.stockTaken,
      note: recalledUnitsReplacedNote(medicine.name, 'BAD', ['SOON', 'LATE']),
    });
    // The recalled units are back in their lot, which is not sold; the order's come from the others.
    expect(await stored(held.order._id)).toMatchObject({
      status: ORDER_STATUS.pending,
      draws: { SOON: 2, LATE: 1 },
    });
    expect(await quantities(medicine.id)).toEqual({ BAD: 2, SOON: 0, LATE: 4 });
    expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(4);

    const again = await replace(held.order._id, pharmacist);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: NO_RECALLED_UNITS_MESSAGE });
    const dispatched = await setOrderStatus(ctx, admin, held.order._id, ORDER_STATUS.dispatched);
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    // Its units have left the shop: there is nothing there to replace.
    const late = await replace(held.order._id, pharmacist);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: REPLACE_TOO_LATE_MESSAGE });
  });

  it('keeps a replaced order on the recall page, marked with the lots that replaced its units, and mails its patient nothing', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'BAD', expiresOn: '2099-01-01', quantity: 3 },
      { lot: 'SOON', expiresOn: '2099-03-01', quantity: 1 },
      { lot: 'LATE', expiresOn: '2099-06-01', quantity: 5 },
    ]);
    const replacedOrder = await order(medicine.id, 2, 'Ida');
    const heldOrder = await order(medicine.id, 1, 'Jo');
    await recallLot(ctx, admin, medicine.id, ids.BAD!);
    const pharmacist = (await createTestUser(ctx, { role: ROLE.pharmacist })).headers;
    expect((await replace(replacedOrder.order._id, pharmacist)).statusCode).toBe(200);
    expect((await setOrderStatus(ctx, admin, replacedOrder.order._id, ORDER_STATUS.dispatched)).statusCode).toBe(200);

    // The pharmacist sees every order the lot reached: the replaced one too, with what replaced it.
    const page = await ctx.app.inject({ url: `/api/recalls/${ids.BAD}`, headers: pharmacist });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      total: 2,
      orders: [
        { _id: heldOrder.order._id, units: 1, status: ORDER_STATUS.pending, flagged: true, replacedBy: null },
        {
          _id: replacedOrder.order._id,
          units: 2,
          status: ORDER_STATUS.dispatched,
          flagged: false,
          replacedBy: ['SOON', 'LATE'],
        },
      ],
    });
    // Paged on the server as before, the replaced order counted among the lot's.
    const second = await ctx.app.inject({ url: `/api/recalls/${ids.BAD}?limit=1&page=2`, headers: pharmacist });
    expect(second.json()).toMatchObject({ total: 2, orders: [{ _id: replacedOrder.order._id }] });
    // Its parcel held none of the lot: its patient is not told to return it.
    const notified = await ctx.app.inject({ method: 'POST', url: `/api/recalls/${ids.BAD}/notify`, headers: admin });
    expect(notified.json()).toEqual({ notified: 0, alreadyNotified: 0 });
  });

  it('lets an order canceled after it left be dispatched again though its lot was recalled since: its units went with it', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'GONE', expiresOn: '2099-01-01', quantity: 2 },
    ]);
    const sent = await order(medicine.id, 2, 'Hal');
    for (const status of [ORDER_STATUS.dispatched, ORDER_STATUS.canceled])
      expect((await setOrderStatus(ctx, admin, sent.order._id, status)).statusCode).toBe(200);
    await recallLot(ctx, admin, medicine.id, ids.GONE!);
    const again = await setOrderStatus(ctx, admin, sent.order._id, ORDER_STATUS.dispatched);
    expect(again.statusCode, again.body).toBe(200);
    expect(await quantities(medicine.id)).toEqual({ GONE: 0 });
  });

  it('refuses a replacement the sellable lots cannot fill, or asked by a patient, changing nothing', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'BAD', expiresOn: '2099-01-01', quantity: 3 },
      { lot: 'FEW', expiresOn: '2099-06-01', quantity: 1 },
    ]);
    const held = await order(medicine.id, 3, 'Gil');
    await recallLot(ctx, admin, medicine.id, ids.BAD!);
    const before = await stored(held.order._id);

    const short = await replace(held.order._id, admin);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ message: `Only 1 of ${medicine.name} left in stock.` });
    expect((await replace(held.order._id, held.buyer.headers)).statusCode).toBe(403);
    expect(await stored(held.order._id)).toEqual(before);
    expect(await quantities(medicine.id)).toEqual({ BAD: 0, FEW: 1 });
  });

  it('lets a pharmacist read batches and reports but not change them', async () => {
    const pharmacist = (await createTestUser(ctx, { role: ROLE.pharmacist })).headers;
    const { medicine } = await medicineWithBatches(ctx, admin, [{ lot: 'P', expiresOn: '2099-01-01', quantity: 1 }]);
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

describe('a medicine with a recalled lot', () => {
  // Its deletion took its batches with it: the orders the recall held could be dispatched with the
  // recalled units, and the recall page, with the patients to notify, was gone.
  it('is kept: its deletion is refused, its order stays held and its recall stays readable', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'BAD', expiresOn: '2099-01-01', quantity: 5 },
      { lot: 'GOOD', expiresOn: '2099-06-01', quantity: 5 },
    ]);
    const held = await order(medicine.id, 2);
    await recallLot(ctx, admin, medicine.id, ids.BAD!);

    const deletion = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/medicines/delete-medicine/${medicine.id}`,
      headers: admin,
    });
    expect(deletion.statusCode, deletion.body).toBe(409);
    expect(deletion.json()).toEqual({ message: recalledMedicineKeptMessage(medicine.name, 'BAD') });

    const dispatch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order/${held.order._id}`,
      headers: admin,
      payload: { status: ORDER_STATUS.dispatched },
    });
    expect(dispatch.statusCode).toBe(409);
    const recall = await ctx.app.inject({ url: `/api/recalls/${ids.BAD}`, headers: admin });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json()).toMatchObject({ total: 1, orders: [{ _id: held.order._id, flagged: true }] });
  });

  it('may be deleted while none of its lots is recalled', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, [{ lot: 'FINE', expiresOn: '2099-01-01', quantity: 5 }]);
    await order(medicine.id, 1);
    const deletion = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/medicines/delete-medicine/${medicine.id}`,
      headers: admin,
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
  });
});

describe('a recall meeting a change of one of its orders at once', () => {
  // A cancellation or a rejection holds its order, then waits for the medicines its units go back to.
  // A recall that held its medicine and lot while it waited for that order to flag it closed a lock
  // cycle, which PostgreSQL broke by failing one of the two: a 500. Both now go through, one after
  // the other.
  const recall = (medicineId: string, batchId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicineId}/batches/${batchId}/recall`,
      headers: admin,
      payload: { reason: 'Contaminated' },
    });

  it('recalls a lot while an order of it is canceled: both go through, its units back in their lots', async () => {
    const lot = { lot: 'L-1', expiresOn: '2099-01-01', quantity: 5 };
    // In id order, as a cancellation locks its medicines.
    const [low, high] = [
      await medicineWithBatches(ctx, admin, [lot]),
      await medicineWithBatches(ctx, admin, [lot]),
    ].sort((a, b) => (a.medicine.id < b.medicine.id ? -1 : 1));
    const buyer = await createTestUser(ctx);
    for (const { medicine } of [low!, high!]) await addToCart(ctx, buyer.headers, medicine.id, 2);
    const placed = await checkout(buyer.headers);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = orderResponseSchema.parse(placed.json()).order._id;

    const { calls } = await ctx.database.db.transaction(async (tx) => {
      // The first medicine the cancellation locks is held until the recall waits for the order.
      await tx.select().from(medicines).where(eq(medicines.id, low!.medicine.id)).for('update');
      const cancel = setOrderStatus(ctx, admin, orderId, ORDER_STATUS.canceled);
      await waitersOnLocks(ctx, 1);
      const recalled = recall(high!.medicine.id, high!.ids['L-1']!);
      await waitersOnLocks(ctx, 2);
      return { calls: Promise.all([cancel, recalled]) };
    });
    const [canceled, recalled] = await calls;
    expect([canceled.statusCode, recalled.statusCode]).toEqual([200, 200]);
    expect((await storedOrder(ctx, orderId)).status).toBe(ORDER_STATUS.canceled);
    for (const { medicine } of [low!, high!]) expect(await quantities(medicine.id)).toEqual({ 'L-1': 5 });
    // The recall waited for the cancellation: it lists the order as canceled, and flags nothing.
    expect(recalled.json()).toMatchObject({
      orders: [{ _id: orderId, status: ORDER_STATUS.canceled, flagged: false }],
    });
  });

  it("recalls a lot while a pharmacist rejects an order's prescription: both go through, once each", async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'RX', expiresOn: '2099-01-01', quantity: 5 },
    ]);
    await ctx.database.db.update(medicines).set({ prescriptionRequired: true }).where(eq(medicines.id, medicine.id));
    const buyer = await createTestUser(ctx);
    await addToCart(ctx, buyer.headers, medicine.id, 2);
    const prescriptionId = (await uploadPrescription(ctx, buyer.headers, PDF_SCAN)).json().prescription._id;
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/add-order',
      headers: buyer.headers,
      payload: { prescriptionId, address: HOME_ADDRESS },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = orderResponseSchema.parse(placed.json()).order._id;

    const { calls } = await ctx.database.db.transaction(async (tx) => {
      // The lot is held until both wait: the recall for the lot, the rejection behind the recall.
      await tx.select().from(batches).where(eq(batches.id, ids.RX!)).for('update');
      const recalled = recall(medicine.id, ids.RX!);
      await waitersOnLocks(ctx, 1);
      const rejected = ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/prescription-review`,
        headers: admin,
        payload: { decision: PRESCRIPTION_DECISION.reject, note: 'Not signed' },
      });
      await waitersOnLocks(ctx, 2);
      return { calls: Promise.all([recalled, rejected]) };
    });
    const answers = await calls;
    expect(answers.map(({ statusCode }) => statusCode)).toEqual([200, 200]);
    const after = await storedOrder(ctx, orderId);
    expect(after.status).toBe(ORDER_STATUS.canceled);
    for (const once of [ORDER_EVENT.recallFlagged, ORDER_EVENT.reviewDecided])
      expect(after.events.filter((event) => event === once)).toHaveLength(1);
    expect(after.events.filter((event) => event === ORDER_EVENT.stockRestored)).toHaveLength(1);
    expect(await quantities(medicine.id)).toEqual({ RX: 5 });
  });
});

describe('what a delivery or a correction may say', () => {
  const receive = (medicineId: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/medicines/${medicineId}/batches`, headers: admin, payload });
  const correct = (medicineId: string, batchId: string, quantity: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/${medicineId}/batches/${batchId}`,
      headers: admin,
      payload: { quantity, reason: 'Recount' },
    });
  const catalogueStatus = async () => (await ctx.app.inject({ method: 'GET', url: '/api/medicines' })).statusCode;

  it('refuses a blank, a boolean or an oversized quantity with a 400, and changes nothing', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'A', expiresOn: '2099-01-01', quantity: 7 },
    ]);
    for (const quantity of ['', ' ', true, 0, 2147483647, 99999999999]) {
      const received = await receive(medicine.id, { lot: 'NEW', expiresOn: '2099-01-01', quantity });
      expect(received.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(received.json()).toEqual({
        message: RECEIVED_QUANTITY_MESSAGE,
        errors: { quantity: RECEIVED_QUANTITY_MESSAGE },
      });
    }
    for (const quantity of ['', ' ', true, 99999999999]) {
      const corrected = await correct(medicine.id, ids.A!, quantity);
      expect(corrected.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(corrected.json().message).toBe(BATCH_QUANTITY_MESSAGE);
    }
    expect(await quantities(medicine.id)).toEqual({ A: 7 });
    expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(7);
  });

  it('keeps a medicine within 1,000,000 units in stock, so its stock is always read and sold', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'A', expiresOn: '2099-01-01', quantity: 600_000 },
    ]);
    const tooMany = await receive(medicine.id, { lot: 'B', expiresOn: '2099-01-01', quantity: 400_001 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: stockAboveMaxMessage(medicine.name) });
    expect((await receive(medicine.id, { lot: 'B', expiresOn: '2099-01-01', quantity: 400_000 })).statusCode).toBe(201);
    const corrected = await correct(medicine.id, ids.A!, 600_001);
    expect(corrected.statusCode).toBe(409);
    expect(corrected.json()).toEqual({ message: stockAboveMaxMessage(medicine.name) });
    expect(await quantities(medicine.id)).toEqual({ A: 600_000, B: 400_000 });
    expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(1_000_000);
    expect(await catalogueStatus()).toBe(200);
  });
});

describe('the medicine form after a batch change', () => {
  const load = async (id: string) =>
    medicineResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` })).json())
      .medicine;
  /** The update form as the admin's browser sends it: the medicine as loaded, with a stock and a version. */
  async function saveForm(id: string, { stock, version }: { stock: number; version: number }) {
    const medicine = await load(id);
    return sendForm(ctx, 'PATCH', `/api/medicines/update-medicine/${id}`, admin, {
      name: medicine.name,
      developedBy: medicine.developedBy,
      maxMonthsExpiry: String(medicine.maxMonthsExpiry),
      category: medicine.category,
      stock: String(stock),
      price: String(medicine.price),
      imageUrl: medicine.imageUrl,
      version: String(version),
    });
  }
  const movements = (medicineId: string) =>
    ctx.database.db
      .select({
        lot: batches.lot,
        kind: batchMovements.kind,
        change: batchMovements.change,
        reason: batchMovements.reason,
      })
      .from(batchMovements)
      .innerJoin(batches, eq(batches.id, batchMovements.batchId))
      .where(eq(batches.medicineId, medicineId))
      .orderBy(batchMovements.id);

  it('keeps the sellable total when the form is saved with the version read after the batch and the stock unchanged', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, [{ lot: 'A', expiresOn: '2099-01-01', quantity: 4 }]);
    const before = await load(medicine.id);
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: admin,
      payload: { lot: 'B', expiresOn: '2099-06-01', quantity: 6 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const after = await load(medicine.id);
    expect(after.stock).toBe(10);
    expect(after.version).toBeGreaterThan(before.version);

    // Saved onto the version before the batch: refused, and nothing moves.
    const stale = await saveForm(medicine.id, { stock: before.stock, version: before.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MEDICINE_CHANGED_MESSAGE);
    expect(await quantities(medicine.id)).toEqual({ A: 4, B: 6 });
    expect((await load(medicine.id)).version).toBe(after.version);

    const saved = await saveForm(medicine.id, { stock: after.stock, version: after.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await load(medicine.id)).stock).toBe(10);
    expect(await quantities(medicine.id)).toEqual({ A: 4, B: 6 });
    expect((await movements(medicine.id)).map((movement) => movement.kind)).toEqual([
      BATCH_MOVEMENT.received,
      BATCH_MOVEMENT.received,
    ]);
  });

  it('records a stock typed on the form as an adjustment in the batch history, with its reason', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, [{ lot: 'A', expiresOn: '2099-01-01', quantity: 4 }]);
    const loaded = await load(medicine.id);
    const saved = await saveForm(medicine.id, { stock: 7, version: loaded.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await load(medicine.id)).stock).toBe(7);
    expect((await movements(medicine.id)).at(-1)).toEqual({
      lot: 'A',
      kind: BATCH_MOVEMENT.adjusted,
      change: 3,
      reason: STOCK_EDIT_REASON,
    });
  });
});
