import {
  errorResponseSchema,
  ORDER_EVENT,
  ORDER_STATUS,
  ORDER_TOTAL_TOO_LARGE_MESSAGE,
  orderResponseSchema,
  PAYMENT_STATUS,
  PRESCRIPTION_REVIEW,
  ROLE,
  shopDayOf,
} from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  addresses,
  batches,
  batchMovements,
  cartItems,
  carts,
  mailOutbox,
  medicines,
  orderHistory,
  orderItems,
  orders,
  prescriptions,
  recallNotices,
} from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, multipart, pngImage, pngUpload, uniqueMedicineFields } from '../medicines/medicines.fixtures';
import { PDF_SCAN, uploadPrescription } from '../prescriptions/prescriptions.fixtures';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';

// Every endpoint of the catalogue, the cart, the orders and the users, called by each kind of caller, and
// hostile input thrown at them: the answer is never a 5xx, and a refusal changes nothing.

const ctx = useTestContext();
/** The signed-in staff, one of each role, as the matrix below names them. */
const staff = useTestUsers(ctx, { pharmacist: ROLE.pharmacist, admin: ROLE.admin });

/** Everything a refused call must leave as it was. */
async function storedState() {
  const db = ctx.database.db;
  const [m, c, ci, o, oi, oh, p, a, b, bm, rn, mo] = await Promise.all([
    db.select().from(medicines).orderBy(medicines.id),
    db.select().from(carts).orderBy(carts.id),
    db.select().from(cartItems).orderBy(cartItems.id),
    db.select().from(orders).orderBy(orders.id),
    db.select().from(orderItems).orderBy(orderItems.id),
    db.select().from(orderHistory).orderBy(orderHistory.id),
    db.select().from(prescriptions).orderBy(prescriptions.id),
    db.select().from(addresses).orderBy(addresses.id),
    db.select().from(batches).orderBy(batches.id),
    db.select().from(batchMovements).orderBy(batchMovements.id),
    db.select().from(recallNotices).orderBy(recallNotices.batchId, recallNotices.userId),
    // Which mails were queued, not whether the outbox has sent them yet: it sends on its own time.
    db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(mailOutbox.id),
  ]);
  return { m, c, ci, o, oi, oh, p, a, b, bm, rn, mo };
}

/** A shopper with a medicine in the cart and one placed order: what the other callers reach for. */
async function ownerWithCartAndOrder() {
  const owner = await createTestUser(ctx);
  const medicine = await insertMedicine(ctx, { stock: 100 });
  const add = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: owner.headers,
      payload: { medicineId: medicine.id },
    });
  await add();
  const order = (await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers: owner.headers })).json()
    .order;
  const prescriptionId = (await uploadPrescription(ctx, owner.headers, PDF_SCAN)).json().prescription._id as string;
  // An order of a prescription-only medicine, waiting for its review; the cart then holds the first again.
  await ctx.app.inject({ method: 'DELETE', url: '/api/cart/clear', headers: owner.headers });
  const rxMedicine = await insertMedicine(ctx, { stock: 100, prescriptionRequired: true });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: owner.headers,
    payload: { medicineId: rxMedicine.id },
  });
  const rxOrder = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/add-order',
      headers: owner.headers,
      payload: { prescriptionId },
    })
  ).json().order;
  const rxCartItemId = (await add()).json().cart.items[0].cartItemId;
  return {
    owner,
    medicine,
    cartItemId: rxCartItemId as string,
    orderId: order._id as string,
    prescriptionId,
    rxOrderId: rxOrder._id as string,
  };
}

type Fixture = Awaited<ReturnType<typeof ownerWithCartAndOrder>>;
type Actor = 'anonymous' | 'owner' | 'another user' | 'pharmacist' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'owner', 'another user', 'pharmacist', 'admin'];

const imageUrlForm = (extra: Record<string, string> = {}) =>
  multipart({ ...uniqueMedicineFields(), imageUrl: 'https://cdn.example.test/a.webp', ...extra });

/** A year from today, as the batch form's calendar date. */
const nextYear = () => shopDayOf(new Date(Date.now() + 365 * 86_400_000));

/** A batch of the fixture's medicine, added by the admin through the API. */
async function addedBatch(f: Fixture): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/medicines/${f.medicine.id}/batches`,
    headers: staff.admin,
    payload: { lot: `LOT-${crypto.randomUUID().slice(0, 8)}`, expiresOn: nextYear(), quantity: 5 },
  });
  return response.json<{ batch: { _id: string } }>().batch._id;
}

/** A batch of the fixture's medicine that the admin has recalled. */
async function recalledBatch(f: Fixture): Promise<string> {
  const batchId = await addedBatch(f);
  await ctx.app.inject({
    method: 'POST',
    url: `/api/medicines/${f.medicine.id}/batches/${batchId}/recall`,
    headers: staff.admin,
    payload: { reason: 'Manufacturer recall' },
  });
  return batchId;
}

const currentVersion = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` })).json<{ medicine: { version: number } }>()
    .medicine.version;

// [call, expected status for anonymous, owner, another user, pharmacist, admin]
const MATRIX: [string, (f: Fixture) => Promise<InjectOptions> | InjectOptions, number[]][] = [
  ['GET /medicines', () => ({ method: 'GET', url: '/api/medicines' }), [200, 200, 200, 200, 200]],
  ['GET /medicines/:id', (f) => ({ method: 'GET', url: `/api/medicines/${f.medicine.id}` }), [200, 200, 200, 200, 200]],
  [
    'POST /medicines/add-medicine',
    async () => ({ method: 'POST', url: '/api/medicines/add-medicine', ...(await imageUrlForm()) }),
    [401, 403, 403, 403, 201],
  ],
  [
    'PATCH /medicines/update-medicine/:id',
    async (f) => ({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${f.medicine.id}`,
      // Based on the medicine as it is now, after the fixture's order took stock.
      ...(await imageUrlForm({ version: String(await currentVersion(f.medicine.id)) })),
    }),
    [401, 403, 403, 403, 200],
  ],
  [
    'DELETE /medicines/delete-medicine/:id',
    (f) => ({ method: 'DELETE', url: `/api/medicines/delete-medicine/${f.medicine.id}` }),
    [401, 403, 403, 403, 200],
  ],
  ['GET /cart', () => ({ method: 'GET', url: '/api/cart' }), [401, 200, 200, 200, 200]],
  [
    'POST /cart/add',
    async () => ({ method: 'POST', url: '/api/cart/add', payload: { medicineId: (await insertMedicine(ctx)).id } }),
    [401, 201, 201, 201, 201],
  ],
  [
    'PATCH /cart/update/:cartItemId',
    (f) => ({ method: 'PATCH', url: `/api/cart/update/${f.cartItemId}`, payload: { operation: 'increment' } }),
    [401, 200, 404, 404, 404],
  ],
  [
    'DELETE /cart/remove/:id',
    (f) => ({ method: 'DELETE', url: `/api/cart/remove/${f.cartItemId}` }),
    [401, 200, 404, 404, 404],
  ],
  ['DELETE /cart/clear', () => ({ method: 'DELETE', url: '/api/cart/clear' }), [401, 200, 200, 200, 200]],
  // Only the owner has something in the cart; the others check out an empty one.
  ['POST /orders/add-order', () => ({ method: 'POST', url: '/api/orders/add-order' }), [401, 201, 400, 400, 400]],
  ['GET /orders/my-orders', () => ({ method: 'GET', url: '/api/orders/my-orders' }), [401, 200, 200, 200, 200]],
  [
    'GET /orders/single-product/:id',
    (f) => ({ method: 'GET', url: `/api/orders/single-product/${f.orderId}` }),
    [401, 200, 404, 200, 200],
  ],
  ['GET /orders', () => ({ method: 'GET', url: '/api/orders' }), [401, 403, 403, 200, 200]],
  [
    'PATCH /orders/update-order/:id',
    (f) => ({ method: 'PATCH', url: `/api/orders/update-order/${f.orderId}`, payload: { status: 'Accepted' } }),
    [401, 403, 403, 200, 200],
  ],
  // The fixture's order was placed without an address; only its patient gives it one.
  [
    'PUT /orders/:id/address',
    (f) => ({ method: 'PUT', url: `/api/orders/${f.orderId}/address`, payload: { address: HOME_ADDRESS } }),
    [401, 200, 404, 404, 404],
  ],
  // Order again puts an order's lines back in its own patient's cart; anyone else's order is not theirs to see.
  [
    'POST /orders/:id/reorder',
    (f) => ({ method: 'POST', url: `/api/orders/${f.orderId}/reorder` }),
    [401, 200, 404, 404, 404],
  ],
  [
    'POST /orders/:id/prescription-review',
    (f) => ({
      method: 'POST',
      url: `/api/orders/${f.rxOrderId}/prescription-review`,
      payload: { decision: 'approve' },
    }),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST /prescriptions',
    async () => {
      const form = await multipart(
        {},
        { field: 'file', content: PDF_SCAN, filename: 'rx.pdf', type: 'application/pdf' },
      );
      return { method: 'POST', url: '/api/prescriptions', ...form };
    },
    [401, 201, 201, 201, 201],
  ],
  ['GET /prescriptions', () => ({ method: 'GET', url: '/api/prescriptions' }), [401, 200, 200, 200, 200]],
  [
    'GET /prescriptions/:id/file',
    (f) => ({ method: 'GET', url: `/api/prescriptions/${f.prescriptionId}/file` }),
    [401, 200, 404, 200, 200],
  ],
  ['GET /addresses', () => ({ method: 'GET', url: '/api/addresses' }), [401, 200, 200, 200, 200]],
  [
    'POST /addresses',
    () => ({ method: 'POST', url: '/api/addresses', payload: HOME_ADDRESS }),
    [401, 201, 201, 201, 201],
  ],
  [
    'GET /medicines/:id/batches',
    (f) => ({ method: 'GET', url: `/api/medicines/${f.medicine.id}/batches` }),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST /medicines/:id/batches',
    (f) => ({
      method: 'POST',
      url: `/api/medicines/${f.medicine.id}/batches`,
      payload: { lot: 'LOT-NEW', expiresOn: nextYear(), quantity: 5 },
    }),
    [401, 403, 403, 403, 201],
  ],
  [
    'PATCH /medicines/:id/batches/:batchId',
    async (f) => ({
      method: 'PATCH',
      url: `/api/medicines/${f.medicine.id}/batches/${await addedBatch(f)}`,
      payload: { quantity: 3, reason: 'Counted again' },
    }),
    [401, 403, 403, 403, 200],
  ],
  [
    'POST /medicines/:id/batches/:batchId/write-off',
    async (f) => ({
      method: 'POST',
      url: `/api/medicines/${f.medicine.id}/batches/${await addedBatch(f)}/write-off`,
      payload: { reason: 'Damaged' },
    }),
    [401, 403, 403, 403, 200],
  ],
  [
    'POST /medicines/:id/batches/:batchId/recall',
    async (f) => ({
      method: 'POST',
      url: `/api/medicines/${f.medicine.id}/batches/${await addedBatch(f)}/recall`,
      payload: { reason: 'Manufacturer recall' },
    }),
    [401, 403, 403, 403, 200],
  ],
  [
    'GET /recalls/:batchId',
    async (f) => ({ method: 'GET', url: `/api/recalls/${await recalledBatch(f)}` }),
    [401, 403, 403, 200, 200],
  ],
  [
    'POST /recalls/:batchId/notify',
    async (f) => ({ method: 'POST', url: `/api/recalls/${await recalledBatch(f)}/notify` }),
    [401, 403, 403, 403, 200],
  ],
  ['GET /reports/expiry', () => ({ method: 'GET', url: '/api/reports/expiry?days=30' }), [401, 403, 403, 200, 200]],
  ['GET /reports/low-stock', () => ({ method: 'GET', url: '/api/reports/low-stock' }), [401, 403, 403, 200, 200]],
  ['GET /reports/sales', () => ({ method: 'GET', url: '/api/reports/sales?days=7' }), [401, 403, 403, 403, 200]],
  ['GET /audit', () => ({ method: 'GET', url: '/api/audit' }), [401, 403, 403, 403, 200]],
  ['GET /medicines/export.csv', () => ({ method: 'GET', url: '/api/medicines/export.csv' }), [401, 403, 403, 403, 200]],
  [
    'GET /medicines/batches/export.csv',
    () => ({ method: 'GET', url: '/api/medicines/batches/export.csv' }),
    [401, 403, 403, 403, 200],
  ],
  [
    'PATCH /medicines/:id/reorder-level',
    (f) => ({ method: 'PATCH', url: `/api/medicines/${f.medicine.id}/reorder-level`, payload: { reorderLevel: 5 } }),
    [401, 403, 403, 403, 200],
  ],
  ['GET /auth/get-all-users', () => ({ method: 'GET', url: '/api/auth/get-all-users' }), [401, 403, 403, 403, 200]],
  [
    'DELETE /auth/delete-user/:id',
    async () => ({ method: 'DELETE', url: `/api/auth/delete-user/${(await createTestUser(ctx)).user.id}` }),
    [401, 403, 403, 403, 200],
  ],
  [
    'PATCH /auth/users/:id/role',
    async () => ({
      method: 'PATCH',
      url: `/api/auth/users/${(await createTestUser(ctx)).user.id}/role`,
      payload: { role: ROLE.pharmacist },
    }),
    [401, 403, 403, 403, 200],
  ],
];

describe('authorization matrix', () => {
  it.each(MATRIX)('%s', async (_name, request, expected) => {
    for (const [index, actor] of ACTORS.entries()) {
      const fixture = await ownerWithCartAndOrder();
      const other = await createTestUser(ctx);
      const auth = {
        anonymous: {},
        owner: fixture.owner.headers,
        'another user': other.headers,
        ...staff,
      }[actor];
      const options = await request(fixture);
      const before = await storedState();
      const response = await ctx.app.inject({ ...options, headers: { ...options.headers, ...auth } } as InjectOptions);
      expect(response.statusCode, `${actor}: ${response.body}`).toBe(expected[index]);
      if (response.statusCode >= 400) expect(await storedState(), actor).toEqual(before);
    }
  });
});

describe('hostile input', () => {
  const MB_STRING = 'A'.repeat(1024 * 1024);
  const HOSTILE_STRINGS = [
    "' OR '1'='1",
    "'; DROP TABLE medicines; --",
    '../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '<script>alert(1)</script>',
    'nul\u0000byte',
    '${jndi:ldap://x}',
  ];
  const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, null, 42, -1, 1.5, 1e308, true, [], {}, { $gt: '' }];

  async function expectRefusedWithoutChange(requests: InjectOptions[]) {
    const before = await storedState();
    for (const request of requests) {
      const response = await ctx.app.inject(request);
      const call = `${request.method} ${request.url as string} ${response.body}`;
      expect(response.statusCode, call).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, call).toBeLessThan(500);
      expect(errorResponseSchema.safeParse(response.json()).success, call).toBe(true);
    }
    expect(await storedState()).toEqual(before);
  }

  it('refuses wrong types, injection and traversal strings and 1 MB strings in JSON bodies', async () => {
    const { owner, cartItemId, orderId, medicine } = await ownerWithCartAndOrder();
    const bodies: [string, string, (value: unknown) => object, { authorization: string }][] = [
      ['POST', '/api/cart/add', (value) => ({ medicineId: value }), owner.headers],
      ['POST', '/api/cart/add', (value) => ({ medicineId: cartItemId, quantity: value }), owner.headers],
      ['PATCH', `/api/cart/update/${cartItemId}`, (value) => ({ operation: value }), owner.headers],
      ['POST', '/api/orders/add-order', (value) => ({ payment: value }), owner.headers],
      ['POST', '/api/orders/add-order', (value) => ({ payment: { cardNumber: value } }), owner.headers],
      ['PATCH', `/api/orders/update-order/${orderId}`, (value) => ({ status: value }), staff.admin],
      ['PUT', `/api/orders/${orderId}/address`, (value) => ({ addressId: value }), owner.headers],
      ['PUT', `/api/orders/${orderId}/address`, (value) => ({ address: value }), owner.headers],
      [
        'PUT',
        `/api/orders/${orderId}/address`,
        (value) => ({ address: { ...HOME_ADDRESS, postalCode: value }, saveAddress: true }),
        owner.headers,
      ],
      ['POST', '/api/addresses', (value) => ({ ...HOME_ADDRESS, phone: value }), owner.headers],
      [
        'POST',
        `/api/medicines/${medicine.id}/batches`,
        (value) => ({ lot: 'L1', expiresOn: value, quantity: 1 }),
        staff.admin,
      ],
      [
        'POST',
        `/api/medicines/${medicine.id}/batches`,
        (value) => ({ lot: value, expiresOn: '2099-01-01', quantity: -1 }),
        staff.admin,
      ],
    ];
    const requests: InjectOptions[] = [];
    for (const [method, url, body, headers] of bodies) {
      for (const value of [...HOSTILE_VALUES, MB_STRING]) {
        requests.push({ method, url, headers, payload: body(value) });
      }
    }
    await expectRefusedWithoutChange(requests);
  });

  it("takes only the address from a body that also names the order's owner, status, payment or items", async () => {
    const { owner, orderId } = await ownerWithCartAndOrder();
    const other = await createTestUser(ctx);
    const orderOf = async () =>
      orderResponseSchema.parse(
        (await ctx.app.inject({ url: `/api/orders/single-product/${orderId}`, headers: owner.headers })).json(),
      ).order;
    const before = await orderOf();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/address`,
      headers: owner.headers,
      payload: {
        address: { ...HOME_ADDRESS, _id: crypto.randomUUID(), userId: other.user.id },
        _id: crypto.randomUUID(),
        userId: other.user.id,
        status: ORDER_STATUS.dispatched,
        paymentStatus: PAYMENT_STATUS.paid,
        prescriptionReview: PRESCRIPTION_REVIEW.approved,
        totalPrice: 0,
        items: [],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await orderOf()).toEqual({
      ...before,
      address: { ...HOME_ADDRESS, line2: '' },
      history: [...before.history, expect.objectContaining({ event: ORDER_EVENT.addressAdded })],
    });
  });

  it('answers hostile ids in paths with 404', async () => {
    const fixture = await ownerWithCartAndOrder();
    const { owner, medicine } = fixture;
    // [method, path, body, called by the admin]
    const paths = (id: string): [string, string, object | undefined, boolean][] => [
      ['GET', `/api/medicines/${id}`, undefined, false],
      ['PATCH', `/api/cart/update/${id}`, { operation: 'increment' }, false],
      ['DELETE', `/api/cart/remove/${id}`, undefined, false],
      ['GET', `/api/orders/single-product/${id}`, undefined, false],
      ['PUT', `/api/orders/${id}/address`, { address: HOME_ADDRESS }, false],
      ['POST', `/api/orders/${id}/reorder`, undefined, false],
      ['PATCH', `/api/addresses/${id}`, { city: 'Paris' }, false],
      ['DELETE', `/api/addresses/${id}`, undefined, false],
      ['PATCH', `/api/orders/update-order/${id}`, { status: 'Pending' }, true],
      ['DELETE', `/api/medicines/delete-medicine/${id}`, undefined, true],
      ['GET', `/api/medicines/${id}/batches`, undefined, true],
      ['POST', `/api/medicines/${id}/batches`, { lot: 'L1', expiresOn: nextYear(), quantity: 1 }, true],
      ['PATCH', `/api/medicines/${medicine.id}/batches/${id}`, { quantity: 1, reason: 'Counted' }, true],
      ['POST', `/api/medicines/${medicine.id}/batches/${id}/write-off`, { reason: 'Damaged' }, true],
      ['POST', `/api/medicines/${medicine.id}/batches/${id}/recall`, { reason: 'Recall' }, true],
      ['GET', `/api/recalls/${id}`, undefined, true],
      ['POST', `/api/recalls/${id}/notify`, undefined, true],
    ];
    const before = await storedState();
    // Ids of any length, past Fastify's 100-character parameter limit and past the request line's.
    const longIds = ['a'.repeat(101), 'a'.repeat(5_000), 'a'.repeat(20_000)];
    for (const id of [...HOSTILE_STRINGS.map(encodeURIComponent), ...longIds]) {
      for (const [method, url, payload, byAdmin] of paths(id)) {
        const headers = byAdmin ? staff.admin : owner.headers;
        const response = await ctx.app.inject({ method: method as 'GET', url, headers, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(Object.keys(response.json()), `${method} ${url}`).toEqual(['message']);
      }
    }
    expect(await storedState()).toEqual(before);
  });

  it('refuses a reorder level that is not a whole number from 0, and changes nothing', async () => {
    const { medicine } = await ownerWithCartAndOrder();
    const url = `/api/medicines/${medicine.id}/reorder-level`;
    // 42 is a level the admin may set; every other hostile value is refused.
    const values = [...HOSTILE_VALUES.filter((value) => value !== 42), MB_STRING];
    await expectRefusedWithoutChange(
      values.map((reorderLevel) => ({ method: 'PATCH', url, headers: staff.admin, payload: { reorderLevel } })),
    );
  });

  it('answers hostile paging, windows and filters of the staff reports and the audit log with 200 or 400, never 5xx', async () => {
    const { medicine } = await ownerWithCartAndOrder();
    const { batch } = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/medicines/${medicine.id}/batches`,
        headers: staff.admin,
        payload: { lot: 'Q-1', expiresOn: nextYear(), quantity: 1 },
      })
    ).json<{ batch: { _id: string } }>();
    for (const value of [...HOSTILE_STRINGS, '-1', '0', '1.5', '1e308', 'a'.repeat(5_000)]) {
      const query = encodeURIComponent(value);
      for (const url of [
        `/api/recalls/${batch._id}?page=${query}`,
        `/api/recalls/${batch._id}?limit=${query}`,
        `/api/reports/expiry?days=${query}&expiredPage=${query}`,
        `/api/reports/low-stock?page=${query}`,
        `/api/reports/sales?days=${query}`,
        `/api/audit?page=${query}`,
        `/api/audit?actor=${query}&kind=${query}&subject=${query}`,
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: staff.admin });
        expect([200, 400], `${url} ${response.body}`).toContain(response.statusCode);
        if (response.statusCode === 400) expect(typeof response.json().message, url).toBe('string');
      }
    }
  });

  it('answers hostile catalogue queries with 200 and no matches, or 400', async () => {
    await insertMedicine(ctx, { category: 'Antibiotic' });
    for (const value of HOSTILE_STRINGS) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/medicines?category=${encodeURIComponent(value)}`,
      });
      expect([200, 400], value).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json().total).toBe(0);
    }
    for (const query of [
      'minPrice=1e400',
      'page=99999999999',
      'limit=-1',
      'category=a&category=b',
      `category=${'x'.repeat(5000)}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/medicines?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('answers price filters past the 32-bit cents with 400 in the one shape, and takes the largest one', async () => {
    for (const field of ['minPrice', 'maxPrice']) {
      for (const value of ['21474836.48', '1e308', '99999999999', 'Infinity']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/medicines?${field}=${value}` });
        expect(response.statusCode, `${field}=${value}`).toBe(400);
        const message = value === 'Infinity' ? `${field} must be a number.` : `${field} must be at most 21474836.47.`;
        expect(response.json(), `${field}=${value}`).toEqual({ message, errors: { [field]: message } });
      }
      const largest = await ctx.app.inject({ method: 'GET', url: `/api/medicines?${field}=21474836.47` });
      expect(largest.statusCode).toBe(200);
    }
  });

  it('refuses an order whose total is past the 32-bit cents with 400, and changes nothing', async () => {
    const { headers } = await createTestUser(ctx);
    // $1,000,000 x 1000 is $1,000,000,000: the largest price and quantity the forms accept.
    const medicine = await insertMedicine(ctx, { priceCents: 100_000_000, stock: 1000 });
    await addToCart(ctx, headers, medicine.id, 1000);
    const before = await storedState();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: ORDER_TOTAL_TOO_LARGE_MESSAGE });
    expect(await storedState()).toEqual(before);
  });

  it('refuses hostile medicine forms and ignores the uploaded file name', async () => {
    const requests: InjectOptions[] = [];
    // A medicine no other is: a hostile value the form let through would be added (201), not refused as a double.
    const fields = uniqueMedicineFields();
    for (const field of Object.keys(fields)) {
      for (const value of [...HOSTILE_STRINGS, '-1', '1e308', '']) {
        const form = await multipart({
          ...fields,
          [field]: value,
          imageUrl: 'https://cdn.example.test/a',
        });
        requests.push({
          method: 'POST',
          url: '/api/medicines/add-medicine',
          ...form,
          headers: { ...form.headers, ...staff.admin },
        });
      }
    }
    for (const imageUrl of [...HOSTILE_STRINGS, 'https://cdn.example.test/a\u0000b', 'file:///etc/passwd']) {
      const form = await multipart({ ...fields, imageUrl });
      requests.push({
        method: 'POST',
        url: '/api/medicines/add-medicine',
        ...form,
        headers: { ...form.headers, ...staff.admin },
      });
    }
    // Malformed multipart bodies: a cut-off part, no boundary, garbage under a boundary.
    const existing = await insertMedicine(ctx);
    const cutOff =
      '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nAspirin\r\n--X\r\n' +
      'Content-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx';
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=X', cutOff],
      ['multipart/form-data', 'name=Aspirin'],
      ['multipart/form-data; boundary=X', '\u0000\u0001garbage--X--'],
    ] as const) {
      for (const url of ['/api/medicines/add-medicine', `/api/medicines/update-medicine/${existing.id}`]) {
        const method = url.includes('update') ? 'PATCH' : 'POST';
        requests.push({ method, url, payload, headers: { ...staff.admin, 'content-type': contentType } });
      }
    }
    await expectRefusedWithoutChange(requests);

    const form = await multipart(fields, pngUpload(await pngImage(), '../../../../tmp/evil.png'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/medicines/add-medicine',
      ...form,
      headers: { ...form.headers, ...staff.admin },
    });
    expect(response.statusCode).toBe(201);
    const { imageUrl, _id } = response.json().newMedicine;
    expect(imageUrl).toMatch(/^\/uploads\/medicines\/[0-9a-f-]+-detail\.webp$/);
    const [stored] = await ctx.database.db.select().from(medicines).where(eq(medicines.id, _id));
    expect(stored!.imageUrl).toBe(imageUrl);
  });

  it('refuses hostile prescription uploads, prescription paths and upload paths without a 5xx', async () => {
    const { owner, orderId } = await ownerWithCartAndOrder();
    const headers = owner.headers;
    const requests: InjectOptions[] = [];
    const upload = (contentType: string, payload: string | Buffer, extra: Record<string, string> = {}) =>
      requests.push({
        method: 'POST',
        url: '/api/prescriptions',
        payload,
        headers: { ...headers, 'content-type': contentType, ...extra },
      });
    const filePart = (filename: string, content: string) =>
      `--X\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n${content}\r\n--X--\r\n`;
    // Not a form, a form without a boundary or with another one, a cut-off form, garbage.
    upload('multipart/form-data', 'file=x');
    upload('multipart/form-data; boundary=absent', filePart('p.pdf', '%PDF-1.4'));
    upload('multipart/form-data; boundary=X', filePart('p.pdf', '%PDF-1.4').slice(0, 80));
    upload('multipart/form-data; boundary=X', '\u0000\u0001garbage--X--');
    upload('multipart/form-data; boundary=X', filePart('p.pdf', '%PDF-1.4'), { 'content-length': String(2 ** 30) });
    // Hostile names around content that is no prescription (415).
    for (const filename of HOSTILE_STRINGS) upload('multipart/form-data; boundary=X', filePart(filename, 'not a file'));
    for (const id of [...HOSTILE_STRINGS.map(encodeURIComponent), 'a'.repeat(5_000)]) {
      requests.push({ method: 'GET', url: `/api/prescriptions/${id}/file`, headers });
      requests.push({ method: 'GET', url: `/uploads/${id}` });
      requests.push({
        method: 'POST',
        url: `/api/orders/${id}/prescription-review`,
        headers: staff.pharmacist,
        payload: { decision: 'approve' },
      });
    }
    requests.push({ method: 'GET', url: '/uploads/%00' }, { method: 'GET', url: '/uploads/medicines/%00.webp' });
    for (const value of HOSTILE_VALUES)
      requests.push({
        method: 'POST',
        url: `/api/orders/${orderId}/prescription-review`,
        headers: staff.pharmacist,
        payload: { decision: value, note: value },
      });
    await expectRefusedWithoutChange(requests);
  });
});
