import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates.service';

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
      { to: 'bob@example.test', template: 'orderPlaced', data: { ...order, awaitingReview: false } },
      APP_URL,
    );
    expect(mail.text).toContain('- Calm & Co <Forte> × 2: $1234.50\n- Plain × 1: $0.05\nTotal: $1234.55');
    expect(mail.html).toContain('<td style="text-align: right; white-space: nowrap;">$1234.50</td>');
    expect(mail.html).toContain('$1234.55</th>');
  });

  it("fits a phone: every HTML part sets its width to the screen's and breaks a word longer than a line", () => {
    const mails = [
      renderMail(
        { to: 'bob@example.test', template: 'orderPlaced', data: { ...order, awaitingReview: false } },
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
