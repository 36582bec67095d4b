import type { TestContext } from '../../test/test-app';

/** Sets an order's status as the staff's status select does; answers the response. */
export const setOrderStatus = (
  ctx: TestContext,
  headers: { authorization?: string },
  id: string,
  status: string,
  payload: object = {},
) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/orders/update-order/${id}`, headers, payload: { status, ...payload } });
