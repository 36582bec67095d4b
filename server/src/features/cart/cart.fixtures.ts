import { expect } from 'vitest';
import type { TestContext } from '../../test/test-app';

/** Puts `quantity` of a medicine in the cart of the caller of `headers`, as the shop's add to cart does. */
export async function addToCart(
  ctx: TestContext,
  headers: { authorization?: string },
  medicineId: string,
  quantity = 1,
): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers,
    payload: { medicineId, quantity },
  });
  expect(response.statusCode, response.body).toBe(201);
}
