import { ORDER_STATUS, orderResponseSchema } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { mailingTestContext } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine } from '../medicines/medicines.fixtures';

// What the patient reads of the delivery: the address in the confirmation, the parcel in the dispatch mail.

const mailing = mailingTestContext();

describe('delivery mails', () => {
  it('names the address in the confirmation, and the carrier, tracking number and estimate on dispatch', async () => {
    const admin = await createTestUser(mailing.ctx, { role: 'admin' });
    const shopper = await createTestUser(mailing.ctx);
    await addToCart(mailing.ctx, shopper.headers, (await insertMedicine(mailing.ctx)).id);
    const placed = await mailing.ctx.app.inject({
      method: 'POST',
      url: '/api/orders/add-order',
      headers: shopper.headers,
      payload: { address: { ...HOME_ADDRESS, line2: 'Flat 3' } },
    });
    expect(placed.statusCode).toBe(201);
    expect((await mailing.sink.nextMail()).text).toContain(
      'It goes to Ada Lovelace, 12 St James Square, Flat 3, SW1Y 4LB London, United Kingdom.',
    );

    const dispatched = await mailing.ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order/${placed.json().order._id}`,
      headers: admin.headers,
      payload: { status: ORDER_STATUS.dispatched, carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' },
    });
    expect(dispatched.statusCode).toBe(200);
    const { deliveryEstimate } = orderResponseSchema.parse(dispatched.json()).order;
    const mail = await mailing.sink.nextMail();
    expect(mail.text).toContain('Carrier: Royal Mail');
    expect(mail.text).toContain('Tracking number: RM123456789GB');
    // The days in words, as a reader says them, not the API's "2026-12-02".
    const inWords = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
    expect(inWords('2026-12-02')).toBe('Wednesday, December 2');
    expect(mail.text).toContain(
      `It should arrive between ${inWords(deliveryEstimate!.from)} and ${inWords(deliveryEstimate!.to)}.`,
    );
    expect(mail.text).not.toContain(deliveryEstimate!.from);
  });
});
