import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine } from '../medicines/medicines.fixtures';

let admin: { authorization: string };
let shoppers: { authorization: string }[];

const ctx = useTestContext();
beforeAll(async () => {
  admin = (await createTestUser(ctx, { role: 'admin' })).headers;
  shoppers = await Promise.all([1, 2, 3].map(async () => (await createTestUser(ctx)).headers));
});

const ROUNDS = 25;

// A checkout locks its cart's items and then their medicines; a deletion removes a medicine and,
// with it, the cart items that hold it. Run together they must never deadlock into a 500.
describe('a checkout and a medicine deletion at the same time', () => {
  it(`both answer without a server error, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const [doomed, kept] = await Promise.all([
        insertMedicine(ctx, { stock: 50 }),
        insertMedicine(ctx, { stock: 50 }),
      ]);
      for (const headers of shoppers) {
        for (const medicine of [doomed, kept]) {
          await addToCart(ctx, headers, medicine.id);
        }
      }
      const answers = await Promise.all([
        ...shoppers.map((headers) => ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers })),
        ctx.app.inject({ method: 'DELETE', url: `/api/medicines/delete-medicine/${doomed.id}`, headers: admin }),
      ]);
      const deletion = answers.pop()!;
      expect(deletion.statusCode, deletion.body).toBe(200);
      for (const checkout of answers) {
        // The kept medicine is in every cart, so every checkout finds something to order.
        expect(checkout.statusCode, checkout.body).toBe(201);
      }
    }
    // 25 rounds of four concurrent writes took 33 s on a machine at load 24, past the default 30 s.
  }, 120_000);
});
