import { ORDER_STATUS, orderResponseSchema, ROLE } from '@apotheca/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { DETAILS_BELOW } from '../mail/mail-templates.service';

import { startSmtpSink } from '../../test/smtp-sink';
import { mailingTestContext } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine } from '../medicines/medicines.fixtures';
import { PDF_SCAN, uploadPrescription } from '../prescriptions/prescriptions.fixtures';
import { ACCOUNT_DELETED_CANCEL_NOTE } from './order-status.service';

// The patient's mails about their order, through the outbox and real SMTP to a local sink.

// Unpaid orders are canceled after half an hour, as a shop that holds its stock briefly would set it.
const mailing = mailingTestContext({ unpaidOrderTtlMinutes: 30 });
let pharmacist: { authorization: string };

beforeAll(async () => {
  pharmacist = (await createTestUser(mailing.ctx, { role: ROLE.pharmacist })).headers;
});

const nextYear = (new Date().getFullYear() + 1) % 100;
const card = { cardholderName: 'ROSALIND F', cardNumber: '123456789012', expiry: `12/${nextYear}`, cvv: '123' };

async function order(prescriptionOnly: boolean, paid = false) {
  const shopper = await createTestUser(mailing.ctx, { firstName: 'Rosalind' });
  const medicine = await insertMedicine(mailing.ctx, {
    name: 'Calm & Co <Forte>',
    priceCents: 1250,
    stock: 5,
    prescriptionRequired: prescriptionOnly,
  });
  await addToCart(mailing.ctx, shopper.headers, medicine.id, 1);
  const prescriptionId = prescriptionOnly
    ? (await uploadPrescription(mailing.ctx, shopper.headers, PDF_SCAN)).json().prescription._id
    : undefined;
  const response = await mailing.ctx.app.inject({
    method: 'POST',
    url: '/api/orders/add-order',
    headers: shopper.headers,
    payload: { ...(prescriptionId ? { prescriptionId } : {}), ...(paid ? { payment: card } : {}) },
  });
  expect(response.statusCode).toBe(201);
  const placed = orderResponseSchema.parse(response.json()).order;
  return { email: shopper.user.email, userId: shopper.user.id, id: placed.number, orderId: placed._id };
}

describe('order mails', () => {
  it('confirms an order, then tells each status change', async () => {
    const placed = await order(false);
    const confirmation = await mailing.sink.nextMail();
    expect(confirmation.to).toEqual([placed.email]);
    expect(confirmation.text).toContain(`Thank you: your order ${placed.id} is placed.`);
    // Greeted by name, with the items, the total and a link, in a plain-text part and an HTML part
    // whose values are escaped.
    expect(confirmation.raw).toMatch(/Content-Type: text\/plain/);
    expect(confirmation.raw).toMatch(/Content-Type: text\/html/);
    expect(confirmation.text).toContain('Hello Rosalind,');
    expect(confirmation.text).toContain('- Calm & Co <Forte> × 1: $12.50');
    expect(confirmation.text).toContain('Total: $12.50');
    expect(confirmation.text).toContain(`See your order: ${mailing.ctx.config.appUrl}/orders`);
    expect(confirmation.text).toContain('<p>Hello Rosalind,</p>');
    expect(confirmation.text).toContain('Calm &amp; Co &lt;Forte&gt; × 1');
    expect(confirmation.text).toContain(`<a href="${mailing.ctx.config.appUrl}/orders">See your order</a>`);
    expect(confirmation.text).not.toContain(placed.orderId);

    const accepted = await mailing.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order/${placed.orderId}`,
      headers: pharmacist,
      payload: { status: 'Accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    const change = await mailing.sink.nextMail();
    expect(change.to).toEqual([placed.email]);
    expect(change.text).toContain(`Your order ${placed.id} is now Accepted.`);
    expect(change.text).toContain('Hello Rosalind,');
    expect(change.text).toContain('Total: $12.50');
  });

  it('tells an unpaid order by when it must be paid, and a paid order nothing of it', async () => {
    const unpaid = await order(false);
    const unpaidConfirmation = await mailing.sink.nextMail();
    expect(unpaidConfirmation.to).toEqual([unpaid.email]);
    expect(unpaidConfirmation.text).toContain('If it is not paid within 30 minutes, it will be canceled.');
    expect(unpaidConfirmation.text).toContain('<p>If it is not paid within 30 minutes, it will be canceled.</p>');

    const paid = await order(false, true);
    const paidConfirmation = await mailing.sink.nextMail();
    expect(paidConfirmation.to).toEqual([paid.email]);
    expect(paidConfirmation.text).toContain(`Thank you: your order ${paid.id} is placed.`);
    expect(paidConfirmation.text).not.toContain('paid within');
  });

  it('says a prescription order waits for a pharmacist, then tells the approval or the rejection with its note', async () => {
    const approved = await order(true);
    expect((await mailing.sink.nextMail()).text).toContain('A pharmacist checks your prescription');
    await mailing.ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${approved.orderId}/prescription-review`,
      headers: pharmacist,
      payload: { decision: 'approve' },
    });
    const approval = await mailing.sink.nextMail();
    expect(approval.to).toEqual([approved.email]);
    // The subject and the first line, which a locked screen shows, say no more than the order's news.
    expect(approval.raw).toMatch(new RegExp(`^Subject: An update on your Apotheca order ${approved.id}\r$`, 'm'));
    expect(approval.text).toContain(
      `Hello Rosalind,\r\n\r\nYour order ${approved.id} has been checked and goes ahead.\r\n\r\n${DETAILS_BELOW}\r\n\r\nA pharmacist approved its prescription.`,
    );

    const rejected = await order(true);
    await mailing.sink.nextMail();
    await mailing.ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${rejected.orderId}/prescription-review`,
      headers: pharmacist,
      payload: { decision: 'reject', note: 'The prescription is not signed.' },
    });
    const rejection = await mailing.sink.nextMail();
    expect(rejection.to).toEqual([rejected.email]);
    expect(rejection.raw).toMatch(
      new RegExp(`^Subject: Your Apotheca order ${rejected.id} is ${ORDER_STATUS.canceled}\r$`, 'm'),
    );
    expect(rejection.text).toContain(
      `Hello Rosalind,\r\n\r\nYour order ${rejected.id} is canceled, and you are not charged for it.\r\n\r\n${DETAILS_BELOW}\r\n\r\nA pharmacist rejected its prescription: The prescription is not signed.`,
    );
    // The way back is offered: the same medicines again, with a new prescription at checkout.
    expect(rejection.text).toContain(
      'Choose "Order again" on the order in My orders: its medicines go back in your cart, and checkout asks for a new prescription.',
    );
    // The cancellation is told in that one mail, not in a second.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailing.sink.received.filter((mail) => mail.to.includes(rejected.email))).toHaveLength(2);
  });

  it("tells a canceled order's payment as its page does: refunded when paid, not charged otherwise", async () => {
    const paid = await order(true, true);
    await mailing.sink.nextMail();
    const review = (decision: string) =>
      mailing.ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${paid.orderId}/prescription-review`,
        headers: pharmacist,
        payload: { decision, note: 'The prescription is not signed.' },
      });
    expect((await review('reject')).statusCode).toBe(200);
    const rejection = await mailing.sink.nextMail();
    expect(rejection.text).toContain(`Your order ${paid.id} is canceled, and your payment is refunded.`);
    expect(rejection.text).not.toContain('not charged');

    const setStatus = async (id: string, status: string) => {
      const changed = await mailing.ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/update-order/${id}`,
        headers: pharmacist,
        payload: { status },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      return mailing.sink.nextMail();
    };
    // Staff open the rejected order again, then cancel it: the patient is told each change, once.
    const reopened = await setStatus(paid.orderId, 'Pending');
    expect(reopened.text).toContain(`Your order ${paid.id} is now Pending.`);
    const canceledAgain = await setStatus(paid.orderId, 'Canceled');
    expect(canceledAgain.text).toContain(`Your order ${paid.id} is now Canceled.`);
    expect(canceledAgain.text).toContain('Your payment is refunded.');

    const unpaid = await order(false);
    await mailing.sink.nextMail();
    const canceled = await setStatus(unpaid.orderId, 'Canceled');
    expect(canceled.text).toContain('You are not charged for it.');
    expect(canceled.text).not.toContain('refunded');
    expect(canceled.text).toContain(`See your order: ${mailing.ctx.config.appUrl}/orders`);
    expect(mailing.sink.received.filter((mail) => mail.to.includes(paid.email))).toHaveLength(4);
  });

  it('tells a deleted patient their order is canceled, without a link to orders they can no longer open', async () => {
    const admin = (await createTestUser(mailing.ctx, { role: ROLE.admin })).headers;
    const placed = await order(false, true);
    await mailing.sink.nextMail();
    const deleted = await mailing.ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${placed.userId}`,
      headers: admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const canceled = await mailing.sink.nextMail();
    expect(canceled.to).toEqual([placed.email]);
    expect(canceled.text).toContain(`Your order ${placed.id} is now Canceled.`);
    expect(canceled.text).toContain(ACCOUNT_DELETED_CANCEL_NOTE);
    expect(canceled.text).toContain('Your payment is refunded.');
    expect(canceled.text).toContain('Total: $12.50');
    // No way in is offered to someone who has no account any more: neither the link nor a login.
    expect(canceled.text).not.toContain('See your order');
    expect(canceled.text).not.toContain(`${mailing.ctx.config.appUrl}/orders`);
    expect(canceled.text).not.toMatch(/log ?in|sign ?in/i);
  });

  it('places orders while the mail server is down, and delivers each confirmation once when it is back', async () => {
    const port = Number(new URL(mailing.sink.url).port);
    await mailing.sink.close();
    const placed = [await order(false), await order(false), await order(false)];
    // Each first attempt fails and is recorded; the orders were placed all the same.
    await vi.waitFor(async () => {
      const queued = await mailing.ctx.database.db.select().from(mailOutbox);
      expect(queued.filter((mail) => mail.sentAt === null && mail.lastError !== null)).toHaveLength(3);
    });

    mailing.sink = await startSmtpSink(port);
    // The retries are due now rather than after the backoff.
    await mailing.ctx.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() });
    await mailing.ctx.app.mailOutbox.wake();
    await vi.waitFor(() => expect(mailing.sink.received).toHaveLength(3), { timeout: 10_000 });
    await mailing.ctx.app.mailOutbox.wake();
    expect(mailing.sink.received.map((mail) => mail.to[0]).sort()).toEqual(placed.map(({ email }) => email).sort());
    for (const { id } of placed)
      expect(mailing.sink.received.filter((mail) => mail.text.includes(`your order ${id} is placed`))).toHaveLength(1);
  });
});
