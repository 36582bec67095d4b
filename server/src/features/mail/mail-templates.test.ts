import { ORDER_STATUS, ORDER_STATUSES, orderNumberLabel } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { DETAILS_BELOW, renderMail, type TemplatedMail } from './mail-templates.service';

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

// The book's address as an order copies it, its optional second line empty.
const HOME = { ...HOME_ADDRESS, line2: '' };

describe('templated mails', () => {
  it('writes amounts as the shop writes them on screen: a $ sign, thousands grouped and 2 decimals', () => {
    const mail = renderMail(
      {
        to: 'bob@example.test',
        template: 'orderPlaced',
        data: { ...order, awaitingReview: false, payWithinMinutes: null },
      },
      APP_URL,
    );
    expect(mail.text).toContain('- Calm & Co <Forte> × 2: $1,234.50\n- Plain × 1: $0.05\nTotal: $1,234.55');
    expect(mail.html).toContain('<td style="text-align: right; white-space: nowrap;">$1,234.50</td>');
    expect(mail.html).toContain('$1,234.55</th>');
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

describe('what a locked screen or an inbox list shows of a mail: its subject, its preheader and its opening', () => {
  const to = 'bob@example.test';
  // Every value that could say what the patient takes or why is marked, so any of it in a preview shows.
  const review = { ...order, note: 'Signed by Dr Who for Calm & Co <Forte>.', refunded: false };
  // The shortest greeting leaves the least before the details.
  const short = { ...order, firstName: 'Al' };
  const change = {
    note: null,
    carrier: null,
    trackingNumber: null,
    arrives: null,
    canceled: false,
    refunded: false,
    accountDeleted: false,
  };
  const HEALTH = /calm|prescri|pharmacist|dr who|LOT-7731/i;
  const MAILS: TemplatedMail[] = [
    ...[true, false].flatMap((awaitingReview) =>
      [null, HOME].map((address): TemplatedMail => ({
        to,
        template: 'orderPlaced',
        data: { ...short, address, awaitingReview, payWithinMinutes: 30 },
      })),
    ),
    ...ORDER_STATUSES.flatMap((status) =>
      [null, 'Dr Who asked us to cancel the Calm.'].map((note): TemplatedMail => ({
        to,
        template: 'orderStatusChanged',
        data: { ...short, ...change, status, note },
      })),
    ),
    { to, template: 'prescriptionReviewed', data: { ...review, ...short, approved: true } },
    { to, template: 'prescriptionReviewed', data: { ...review, ...short, approved: false } },
    { to, template: 'batchRecalled', data: { name: 'Al', lot: 'LOT-7731', medicine: 'Calm & Co <Forte>' } },
    { to, template: 'passwordReset', data: { name: 'Al', link: `${APP_URL}/reset-password/u/t` } },
  ];
  /** What a wide inbox list shows after the subject: a mail's first 200 characters, its white space run together. */
  const opening = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);
  /** An HTML part's text as a mail client reads it for its preview: the body's, hidden text included. */
  const htmlText = (html: string) =>
    (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&(nbsp|zwnj|#\d+|#x[\da-f]+);/gi, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"');
  const preheader = (html: string) => /<div style="display: none;[^"]*">([^<]*)</.exec(html)?.[1];

  it('names no medicine, prescription, review note or lot in the subject or the preheader of any mail', () => {
    for (const mail of MAILS) {
      const { subject, html = '' } = renderMail(mail, APP_URL);
      expect(subject, mail.template).not.toMatch(HEALTH);
      // Every HTML part opens with the preview its client shows, the mail's own first line.
      expect(preheader(html), mail.template).toBeTruthy();
      expect(preheader(html), mail.template).not.toMatch(HEALTH);
    }
  });

  it('names none of them in the first 200 characters of either part, greeting a name as short as two letters', () => {
    for (const mail of MAILS) {
      const { text, html = '' } = renderMail(mail, APP_URL);
      expect(opening(text), mail.template).not.toMatch(HEALTH);
      expect(opening(htmlText(html)), mail.template).not.toMatch(HEALTH);
    }
  });

  it('still names them in the body, after its neutral opening, for the patient who opens it', () => {
    for (const mail of MAILS.filter(({ template }) => template !== 'passwordReset')) {
      const { text, html = '' } = renderMail(mail, APP_URL);
      expect(text, mail.template).toMatch(HEALTH);
      expect(htmlText(html), mail.template).toMatch(HEALTH);
    }
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
      `Hello <b>Bob</b> & "Co",\n\nYour order ${label} is canceled, and you are not charged for it.\n\n${DETAILS_BELOW}\n\nA pharmacist rejected its prescription: Signed by Dr Who`,
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
