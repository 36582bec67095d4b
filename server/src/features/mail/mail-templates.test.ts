import { ORDER_STATUS, ORDER_STATUSES, orderNumberLabel } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { renderMail, type TemplatedMail } from './mail-templates.service';

// The templated mails as their reader gets them, rendered without the outbox: the amounts, the
// escaping of what people typed and the two parts saying the same.

const APP_URL = 'https://shop.example';
const order = {
  firstName: '<b>Bob</b> & "Co"',
  number: 100234,
  items: [
    { name: 'Calm & Co <Forte>', quantity: 2, priceCents: 61_725 },
    { name: 'Plain', quantity: 1, priceCents: 5 },
  ],
  totalCents: 123_455,
  address: null,
};

describe('templated mails', () => {
  it('writes amounts as the shop writes them on screen: a $ sign and 2 decimals', () => {
    const mail = renderMail(
      {
        to: 'bob@example.test',
        template: 'orderPlaced',
        data: { ...order, awaitingReview: false, payWithinMinutes: null },
      },
      APP_URL,
    );
    expect(mail.text).toContain('- Calm & Co <Forte> × 2: $1234.50\n- Plain × 1: $0.05\nTotal: $1234.55');
    expect(mail.html).toContain('<td style="text-align: right; white-space: nowrap;">$1234.50</td>');
    expect(mail.html).toContain('$1234.55</th>');
  });

  it('tells an unpaid order the time it has to be paid in, in hours when it is whole hours', () => {
    const confirmation = (payWithinMinutes: number | null) =>
      renderMail(
        {
          to: 'bob@example.test',
          template: 'orderPlaced',
          data: { ...order, awaitingReview: false, payWithinMinutes },
        },
        APP_URL,
      ).text;
    expect(confirmation(30)).toContain('If it is not paid within 30 minutes, it will be canceled.');
    expect(confirmation(1)).toContain('within 1 minute,');
    expect(confirmation(60)).toContain('within 1 hour,');
    expect(confirmation(90)).toContain('within 90 minutes,');
    expect(confirmation(24 * 60)).toContain('within 24 hours,');
    expect(confirmation(null)).not.toContain('paid within');
  });

  it("fits a phone: every HTML part sets its width to the screen's and breaks a word longer than a line", () => {
    const mails = [
      renderMail(
        {
          to: 'bob@example.test',
          template: 'orderPlaced',
          data: { ...order, awaitingReview: false, payWithinMinutes: null },
        },
        APP_URL,
      ),
      renderMail(
        { to: 'bob@example.test', template: 'batchRecalled', data: { name: 'Bob', lot: 'L-1', medicine: 'Calm' } },
        APP_URL,
      ),
    ];
    for (const { html } of mails) {
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toMatch(/<body style="[^"]*overflow-wrap: anywhere;/);
    }
  });
});

describe('what a locked screen or an inbox list shows of a mail: its subject and its first line', () => {
  const to = 'bob@example.test';
  const review = { ...order, note: 'Signed by Dr Who for Calm & Co <Forte>.', refunded: false };
  const change = { note: null, carrier: null, trackingNumber: null, arrives: null, canceled: false, refunded: false };
  const MAILS: TemplatedMail[] = [
    ...[true, false].map((awaitingReview): TemplatedMail => ({
      to,
      template: 'orderPlaced',
      data: { ...order, awaitingReview, payWithinMinutes: 30 },
    })),
    ...ORDER_STATUSES.map((status): TemplatedMail => ({
      to,
      template: 'orderStatusChanged',
      data: { ...order, ...change, status },
    })),
    { to, template: 'prescriptionReviewed', data: { ...review, approved: true } },
    { to, template: 'prescriptionReviewed', data: { ...review, approved: false } },
    { to, template: 'batchRecalled', data: { name: 'Bob', lot: 'L-1', medicine: 'Calm & Co <Forte>' } },
    { to, template: 'passwordReset', data: { name: 'Bob', link: `${APP_URL}/reset-password/u/t` } },
  ];
  /** The subject and the paragraph after the greeting, which is all a preview shows. */
  const preview = (mail: TemplatedMail) => {
    const { subject, text } = renderMail(mail, APP_URL);
    return `${subject}\n${text.split('\n\n')[1]}`;
  };

  it('names no medicine and no prescription, nor the pharmacist who checks one, in any mail', () => {
    for (const mail of MAILS) expect(preview(mail), mail.template).not.toMatch(/calm|prescri|pharmacist/i);
  });

  it("tells a prescription's review as news of the order: one that goes ahead, one that is canceled", () => {
    const [approval, rejection] = [true, false].map((approved) =>
      renderMail({ to, template: 'prescriptionReviewed', data: { ...review, approved } }, APP_URL),
    );
    const label = orderNumberLabel(order.number);
    expect(approval!.subject).toBe(`An update on your Apotheca order ${label}`);
    expect(approval!.text).toContain(
      `Hello <b>Bob</b> & "Co",\n\nYour order ${label} has been checked and goes ahead.\n\n`,
    );
    // As a cancellation for any other reason is told: the order's news first, its reason after.
    expect(rejection!.subject).toBe(`Your Apotheca order ${label} is ${ORDER_STATUS.canceled}`);
    expect(rejection!.text).toContain(
      `Hello <b>Bob</b> & "Co",\n\nYour order ${label} is canceled, and you are not charged for it.\n\nA pharmacist rejected its prescription: Signed by Dr Who`,
    );
  });
});

describe('the confirmation of an order placed without a delivery address', () => {
  const confirmation = (address: typeof order.address | typeof HOME) =>
    renderMail(
      {
        to: 'bob@example.test',
        template: 'orderPlaced',
        data: { ...order, address, awaitingReview: false, payWithinMinutes: null },
      },
      APP_URL,
    );
  // The book's address as an order copies it, its optional second line empty.
  const HOME = { ...HOME_ADDRESS, line2: '' };

  it('tells the patient to add one on the order, in both parts', () => {
    const mail = confirmation(null);
    const ask =
      'It has no delivery address yet, so it cannot be sent: open your order ("See your order" below) and add one there.';
    expect(mail.text).toContain(ask);
    expect(mail.html).toContain(`<p>${ask.replaceAll('"', '&quot;')}</p>`);
  });

  it('says nothing of it when the order has an address', () => {
    const mail = confirmation(HOME);
    expect(mail.text).toContain('It goes to Ada Lovelace, 12 St James Square, SW1Y 4LB London, United Kingdom.');
    expect(mail.text).not.toContain('no delivery address');
  });
});
