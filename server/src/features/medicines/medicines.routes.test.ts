import {
  ADD_IMAGE_FILE_MESSAGE,
  ADD_IMAGE_URL_MESSAGE,
  deletedMedicineResponseSchema,
  DUPLICATE_GROUPS_PAGE_SIZE,
  IMAGE_MAX_BYTES,
  IMAGE_PIXELS_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  MAX_LIST_LIMIT,
  MEDICINE_DUPLICATE_MESSAGE,
  MEDICINE_NAME_MESSAGE,
  medicineDuplicatesResponseSchema,
  medicineListResponseSchema,
  medicineResponseSchema,
  newMedicineResponseSchema,
  PRICE_RANGE_MESSAGE,
  ROLE,
  UNKNOWN_FILE_FIELD_MESSAGE,
  UPDATE_IMAGE_URL_MESSAGE,
  updatedMedicineResponseSchema,
} from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openPg } from '../../db/client';
import { comparableName, medicines, storedFiles } from '../../db/schema';
import { createTestContext } from '../../test/test-app';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers } from '../../test/test-users';
import { CATALOGUE_CHANNEL, CHANGE_CHECK_EVERY_MS } from './catalogue-cache.service';
import { identityKey } from './medicine-identity.service';
import type { MedicineRow } from './medicines.service';
import {
  blankPng,
  insertMedicine,
  multipart,
  pngImage,
  pngUpload,
  setStock,
  storedMedicine,
  validMedicineFields,
} from './medicines.fixtures';

const ctx = useTestContext();
const { admin, shopper } = useTestUsers(ctx, { admin: ROLE.admin, shopper: ROLE.user });

const list = async (query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/medicines${query}` });
  expect(response.statusCode).toBe(200);
  return medicineListResponseSchema.parse(response.json());
};

const countMedicines = async () => (await ctx.database.db.select().from(medicines)).length;
/** The form's tests add the same medicine again and again: each starts from an empty catalogue, so none is a double. */
const emptyCatalogue = async () => {
  await ctx.database.db.delete(medicines);
};

const addMedicine = async (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
  ctx.app.inject({ method: 'POST', url: '/api/medicines/add-medicine', ...(await withAuth(fields, file, admin)) });

async function withAuth(fields: Record<string, string>, file: Parameters<typeof multipart>[1], auth: object) {
  const body = await multipart(fields, file);
  return { payload: body.payload, headers: { ...body.headers, ...auth } };
}

describe('GET /api/medicines', () => {
  beforeAll(async () => {
    await ctx.database.db.delete(medicines);
    // 12 medicines: 4 categories' worth of prices, some out of stock.
    for (let i = 0; i < 12; i++) {
      await insertMedicine(ctx, {
        name: `Listed-${String(i).padStart(2, '0')}`,
        category: i % 3 === 0 ? 'Antibiotic' : 'Pain Relief',
        priceCents: 500 + (i % 4) * 250,
        stock: i % 4 === 0 ? 0 : i,
      });
    }
  });

  it('answers limit 5, page 1 without arguments, with the total of every match', async () => {
    const { medicines: page, total } = await list();
    expect(page).toHaveLength(5);
    expect(total).toBe(12);
  });

  it('filters by category, price range and stock, counting every match in total', async () => {
    const antibiotics = await list('?category=Antibiotic&limit=100');
    expect(antibiotics.total).toBe(4);
    expect(antibiotics.medicines.every((m) => m.category === 'Antibiotic')).toBe(true);

    const priced = await list('?minPrice=7.5&maxPrice=10&limit=2');
    expect(priced.total).toBe(6);
    expect(priced.medicines).toHaveLength(2);
    expect(priced.medicines.every((m) => m.price >= 7.5 && m.price <= 10)).toBe(true);

    expect((await list('?inStock=true&limit=100')).medicines.every((m) => m.stock > 0)).toBe(true);
    const outOfStock = await list('?inStock=false&limit=100');
    expect(outOfStock.total).toBe(3);
    expect(outOfStock.medicines.every((m) => m.stock === 0)).toBe(true);
  });

  it('sorts by price and by stock in both directions', async () => {
    const prices = (await list('?sort=price_asc&limit=100')).medicines.map((m) => m.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = (await list('?sort=price_desc&limit=100')).medicines.map((m) => m.price);
    expect(descending).toEqual([...prices].reverse());
    const stocks = (await list('?sort=in_stock&limit=100')).medicines.map((m) => m.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
    const outFirst = (await list('?sort=out_of_stock&limit=100')).medicines.map((m) => m.stock);
    expect(outFirst.slice(0, 3)).toEqual([0, 0, 0]);
  });

  it.each([
    ['price', 'price_asc'],
    ['-price', 'price_desc'],
    ['inStock', 'in_stock'],
    ['-inStock', 'out_of_stock'],
  ])("reads the original client's sort=%s as %s: same order, same total", async (synonym, name) => {
    for (const query of ['limit=100', 'category=Pain%20Relief&limit=3&page=2']) {
      const viaSynonym = await list(`?sort=${encodeURIComponent(synonym)}&${query}`);
      const viaName = await list(`?sort=${name}&${query}`);
      expect(viaSynonym.medicines.map((m) => m._id)).toEqual(viaName.medicines.map((m) => m._id));
      expect(viaSynonym.total).toBe(viaName.total);
    }
  });

  it('pages through ties without overlap or gaps', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { medicines: rows, total } = await list(`?sort=price_asc&limit=5&page=${page}`);
      expect(total).toBe(12);
      seen.push(...rows.map((m) => m._id));
    }
    expect(new Set(seen).size).toBe(12);
    expect((await list('?page=4&limit=5')).medicines).toEqual([]);
  });

  it('treats blank parameters as absent', async () => {
    expect((await list('?category=&sort=&page=')).total).toBe(12);
  });

  // The parameter a refusal names is the one the query sets.
  it.each([
    ['?limit=0', 'limit must be at least 1.'],
    ['?limit=101', 'limit must be at most 100.'],
    ['?limit=2.5', 'limit must be a whole number.'],
    ['?limit=abc', 'limit must be a whole number.'],
    ['?page=0', 'page must be at least 1.'],
    ['?page=x', 'page must be a whole number.'],
    ['?page=100001', 'page must be at most 100000.'],
    ['?sort=name', 'sort must be one of price_asc, price_desc, in_stock, out_of_stock.'],
    ['?minPrice=cheap', 'minPrice must be a number.'],
    ['?maxPrice=-1', 'maxPrice must be 0 or more.'],
    ['?inStock=maybe', 'inStock must be true or false.'],
    ['?prescriptionRequired=yes', 'prescriptionRequired must be true or false.'],
  ])('answers %s with 400 naming the parameter', async (query, message) => {
    const [field] = new URLSearchParams(query).keys();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/medicines${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toEqual({ message, errors: { [field!]: message } });
  });

  it('refuses a minimum price above the maximum with 400 naming minPrice, and takes one equal to it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/medicines?minPrice=50&maxPrice=10' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PRICE_RANGE_MESSAGE, errors: { minPrice: PRICE_RANGE_MESSAGE } });
    const equal = await ctx.app.inject({ method: 'GET', url: '/api/medicines?minPrice=10&maxPrice=10' });
    expect(equal.statusCode).toBe(200);
  });
});

describe('GET /api/medicines/:id', () => {
  it('answers the medicine in dollars', async () => {
    const row = await insertMedicine(ctx, { priceCents: 1999 });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/medicines/${row.id}` });
    expect(response.statusCode).toBe(200);
    const { medicine } = medicineResponseSchema.parse(response.json());
    expect(medicine).toMatchObject({ _id: row.id, name: row.name, price: 19.99, stock: row.stock });
    // A medicine's eight fields and the version at the top level too, which the original client's
    // update form spreads; nothing else, since that form posts back every key it finds there.
    const { _id, name, developedBy, maxMonthsExpiry, category, stock, price, imageUrl, version } = medicine;
    expect(response.json()).toEqual({
      ...{ _id, name, developedBy, maxMonthsExpiry, category, stock, price, imageUrl, version },
      medicine,
    });
  });

  it('shows an uploaded image at the top level as an absolute URL on APP_URL', async () => {
    const added = newMedicineResponseSchema.parse(
      (await addMedicine(validMedicineFields, pngUpload(await pngImage(), 'a.png'))).json(),
    ).newMedicine;
    const body = medicineResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${added._id}` })).json(),
    );
    expect(body.medicine.imageUrl).toBe(added.imageUrl);
    expect(body.imageUrl).toBe(`${ctx.config.appUrl}${added.imageUrl}`);
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-an-id',
    '..%2F..%2Fetc%2Fpasswd',
    "1'%20OR%20'1'%3D'1",
    'x'.repeat(99),
  ])('answers an unknown or malformed id %s with 404', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Medicine not found' });
  });
});

describe('POST /api/medicines/add-medicine', () => {
  beforeEach(emptyCatalogue);
  it('answers a too-large field with 413 after reading the whole form, so the server still closes at once', async () => {
    // Over a real socket: an answer sent before the body is read leaves the upload hanging, and
    // closing the server then waits on it.
    const own = await createTestContext();
    const headers = (await createTestUser(own, { role: 'admin' })).headers;
    const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const body = await multipart(
      { ...validMedicineFields, name: 'x'.repeat(20_000) },
      { field: 'medicine_img', content: Buffer.alloc(4 * 1024 * 1024), type: 'image/png', filename: 'big.png' },
    );
    const response = await fetch(`${address}/api/medicines/add-medicine`, {
      method: 'POST',
      headers: { ...body.headers, ...headers },
      body: body.payload,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'A form field is too large.' });
    // Before the fix this never resolved, and the test ran out of time.
    await own.close();
  });

  it('stores an uploaded PNG as WebP card and detail sizes served under /uploads', async () => {
    const content = await pngImage(800, 600);
    const response = await addMedicine(validMedicineFields, pngUpload(content, 'pill.png'));
    expect(response.statusCode).toBe(201);
    const { newMedicine } = newMedicineResponseSchema.parse(response.json());
    expect(newMedicine).toMatchObject({
      name: 'Paracetamol-XR',
      developedBy: 'Acme Pharma',
      maxMonthsExpiry: 24,
      category: 'Pain Relief',
      stock: 15,
      price: 4.99,
    });
    expect(newMedicine.imageUrl).toMatch(/^\/uploads\/medicines\/[\w-]+-detail\.webp$/);
    const image = await ctx.app.inject({ method: 'GET', url: newMedicine.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    const card = await ctx.app.inject({ method: 'GET', url: newMedicine.imageUrl.replace('-detail', '-card') });
    expect((await sharp(card.rawPayload).metadata()).width).toBe(480);
    // Unchanged bytes are not sent again to a browser that has them.
    const revalidated = await ctx.app.inject({
      method: 'GET',
      url: newMedicine.imageUrl,
      headers: { 'if-none-match': image.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const [stored] = await ctx.database.db.select().from(medicines).where(eq(medicines.id, newMedicine._id));
    expect(stored!.priceCents).toBe(499);
  });

  it('accepts an image URL instead of a file', async () => {
    const response = await addMedicine({ ...validMedicineFields, imageUrl: 'https://cdn.example.test/a.webp' });
    expect(response.statusCode).toBe(201);
    expect(newMedicineResponseSchema.parse(response.json()).newMedicine.imageUrl).toBe(
      'https://cdn.example.test/a.webp',
    );
  });

  it('judges a file by its content: text named .png is refused and nothing is stored', async () => {
    const before = await countMedicines();
    const response = await addMedicine(
      validMedicineFields,
      pngUpload(Buffer.from('definitely not an image'), 'fake.png'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: IMAGE_TYPE_MESSAGE, errors: { medicine_img: IMAGE_TYPE_MESSAGE } });
    expect(await countMedicines()).toBe(before);
  });

  it('refuses a truncated image', async () => {
    const png = await pngImage(300, 300);
    const response = await addMedicine(
      validMedicineFields,
      pngUpload(png.subarray(0, Math.floor(png.length / 2)), 'cut.png'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ medicine_img: IMAGE_TYPE_MESSAGE });
  });

  it('refuses an image of more pixels than it converts with 413, naming the most it takes, and stores nothing', async () => {
    const before = await countMedicines();
    // A real PNG of 20000 × 20000 pixels, some 50 KB: within the bytes, past the pixels.
    const response = await addMedicine(validMedicineFields, pngUpload(await blankPng(20_000, 20_000), 'poster.png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: IMAGE_PIXELS_MESSAGE, errors: { medicine_img: IMAGE_PIXELS_MESSAGE } });
    expect(IMAGE_PIXELS_MESSAGE).toBe('The image must be at most 40 megapixels (width × height).');
    expect(await countMedicines()).toBe(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const before = await countMedicines();
    const content = Buffer.concat([await pngImage(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    const response = await addMedicine(validMedicineFields, pngUpload(content, 'huge.png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: IMAGE_TOO_LARGE_MESSAGE });
    expect(await countMedicines()).toBe(before);
  });

  it('asks for the image in the mode the form used', async () => {
    const noFile = await addMedicine(validMedicineFields);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ medicine_img: ADD_IMAGE_FILE_MESSAGE });
    const badUrl = await addMedicine({ ...validMedicineFields, imageUrl: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors).toEqual({ imageUrl: ADD_IMAGE_URL_MESSAGE });
  });

  it("answers every invalid field with the form's own message and stores nothing", async () => {
    const before = await countMedicines();
    const response = await addMedicine({
      name: 'Para 500',
      developedBy: 'AB',
      maxMonthsExpiry: '0',
      category: 'X1',
      stock: '-3',
      price: '4.999',
      imageUrl: 'https://cdn.example.test/a.webp',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: MEDICINE_NAME_MESSAGE,
      errors: {
        name: MEDICINE_NAME_MESSAGE,
        developedBy: 'Company name must be at least 3 letters.',
        maxMonthsExpiry: 'Max expiry must be a positive whole number of months.',
        category: 'Category must be at least 3 letters.',
        stock: 'Stock must be a whole number, 0 or more.',
        price: 'Price must be a valid number.',
      },
    });
    expect(await countMedicines()).toBe(before);
  });

  it('refuses JSON with 415 and oversized fields with 413', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/medicines/add-medicine',
      headers: admin,
      payload: { ...validMedicineFields, imageUrl: 'https://cdn.example.test/a.webp' },
    });
    expect(json.statusCode).toBe(415);
    const huge = await addMedicine({ ...validMedicineFields, name: 'A'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('PATCH /api/medicines/update-medicine/:id', () => {
  beforeEach(emptyCatalogue);
  const update = async (id: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${id}`,
      ...(await withAuth(fields, file, admin)),
    });

  it('keeps the current image when none is sent, or the same URL comes back', async () => {
    const row = await insertMedicine(ctx);
    for (const fields of [validMedicineFields, { ...validMedicineFields, imageUrl: row.imageUrl }]) {
      const response = await update(row.id, { ...fields, price: '7.25', stock: String(row.stock) });
      expect(response.statusCode).toBe(200);
      const { updatedMedicine } = updatedMedicineResponseSchema.parse(response.json());
      expect(updatedMedicine).toMatchObject({ _id: row.id, price: 7.25, imageUrl: row.imageUrl });
    }
  });

  it("accepts the original client's update form, which posts back every key GET /medicines/:id sent", async () => {
    const added = newMedicineResponseSchema.parse(
      (await addMedicine(validMedicineFields, pngUpload(await pngImage(), 'a.png'))).json(),
    ).newMedicine;
    const loaded = (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${added._id}` })).json<
      Record<string, unknown>
    >();
    // Its form state is the whole body with the admin's change; axios turns it into multipart, a
    // nested object as `key[field]` and every value, null included, as its string.
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...loaded, price: '6.75' })) {
      if (value !== null && typeof value === 'object')
        for (const [field, nested] of Object.entries(value)) form.append(`${key}[${field}]`, String(nested));
      else form.append(key, String(value));
    }
    const encoded = new Response(form);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${added._id}`,
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, ...admin },
    });
    expect(response.statusCode).toBe(200);
    const { updatedMedicine } = updatedMedicineResponseSchema.parse(response.json());
    // The absolute URL it sent back keeps the uploaded image, which is still served.
    expect(updatedMedicine).toMatchObject({ price: 6.75, imageUrl: added.imageUrl, stock: added.stock });
    expect((await ctx.app.inject({ method: 'GET', url: added.imageUrl })).statusCode).toBe(200);
  });

  it('replaces the image with a file sent under `image`, removing the old upload', async () => {
    const added = newMedicineResponseSchema.parse(
      (await addMedicine(validMedicineFields, pngUpload(await pngImage(), 'a.png'))).json(),
    ).newMedicine;
    expect((await ctx.app.inject({ method: 'GET', url: added.imageUrl })).statusCode).toBe(200);
    const jpeg = await sharp(await pngImage())
      .jpeg()
      .toBuffer();
    const response = await update(added._id, validMedicineFields, {
      field: 'image',
      content: jpeg,
      filename: 'photo.bin',
      type: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(200);
    const { updatedMedicine } = updatedMedicineResponseSchema.parse(response.json());
    expect(updatedMedicine.imageUrl).not.toBe(added.imageUrl);
    expect((await ctx.app.inject({ method: 'GET', url: updatedMedicine.imageUrl })).statusCode).toBe(200);
    for (const size of ['detail', 'card']) {
      const old = await ctx.app.inject({ method: 'GET', url: added.imageUrl.replace('-detail', `-${size}`) });
      expect(old.statusCode).toBe(404);
    }
  });

  it("takes a file sent under `imageUrl`, as the original client's update form sends it", async () => {
    const row = await insertMedicine(ctx);
    // That form spreads the loaded medicine, its version included, into what it sends back.
    const response = await update(
      row.id,
      { ...validMedicineFields, version: String(row.version) },
      {
        ...pngUpload(await pngImage(), 'a.png'),
        field: 'imageUrl',
      },
    );
    expect(response.statusCode).toBe(200);
    const { updatedMedicine } = updatedMedicineResponseSchema.parse(response.json());
    expect(updatedMedicine.imageUrl).toMatch(/^\/uploads\/medicines\/[\w-]+-detail\.webp$/);
    const image = await ctx.app.inject({ method: 'GET', url: updatedMedicine.imageUrl });
    expect(image.statusCode).toBe(200);
  });

  it.each(['update', 'add'])(
    'on %s, refuses a file under a field it does not use with 400 naming it',
    async (route) => {
      const row = await insertMedicine(ctx);
      const stray = { ...pngUpload(await pngImage(), 'a.png'), field: 'photo' };
      const before = await countMedicines();
      const response =
        route === 'update'
          ? await update(row.id, { ...validMedicineFields, price: '3.5' }, stray)
          : await addMedicine(validMedicineFields, stray);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: UNKNOWN_FILE_FIELD_MESSAGE,
        errors: { photo: UNKNOWN_FILE_FIELD_MESSAGE },
      });
      expect(await countMedicines()).toBe(before);
      expect(await storedMedicine(ctx, row.id)).toEqual(row);
    },
  );

  it("uses the update form's messages", async () => {
    const row = await insertMedicine(ctx);
    const response = await update(row.id, { ...validMedicineFields, price: '-1', imageUrl: 'ftp://x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      price: 'Price must be a positive number.',
      imageUrl: UPDATE_IMAGE_URL_MESSAGE,
    });
    expect(await storedMedicine(ctx, row.id)).toEqual(row);
  });

  it('answers an unknown or malformed id with 404', async () => {
    expect((await update('00000000-0000-4000-8000-000000000000', validMedicineFields)).statusCode).toBe(404);
    expect((await update('..%2F..', validMedicineFields)).statusCode).toBe(404);
  });
});

describe('a medicine that is already in the catalogue', () => {
  const advil = { name: 'Advil', developedBy: 'Pfizer', strength: '200 mg', packSize: '24 tablets' };
  const update = async (id: string, fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${id}`,
      ...(await withAuth(fields, undefined, admin)),
    });
  const named = async (name: string) => ctx.database.db.select().from(medicines).where(eq(medicines.name, name));

  beforeEach(emptyCatalogue);

  it('is not added again, whatever the case and spacing it is typed in: 409 at the name, and nothing stored', async () => {
    await insertMedicine(ctx, advil);
    const before = await countMedicines();
    const response = await addMedicine({
      ...validMedicineFields,
      name: 'ADVIL',
      developedBy: 'pfizer',
      strength: '200mg',
      packSize: ' 24  Tablets',
      imageUrl: 'https://cdn.example.test/a.webp',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: MEDICINE_DUPLICATE_MESSAGE,
      errors: { name: MEDICINE_DUPLICATE_MESSAGE },
    });
    expect(await countMedicines()).toBe(before);
  });

  it('keeps no image uploaded with a refused add or edit', async () => {
    await insertMedicine(ctx, advil);
    const other = await insertMedicine(ctx, { ...advil, strength: '400 mg' });
    const filesBefore = await ctx.database.db.select({ path: storedFiles.path }).from(storedFiles);
    const upload = pngUpload(await pngImage(), 'advil.png');
    expect((await addMedicine({ ...validMedicineFields, ...advil }, upload)).statusCode).toBe(409);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${other.id}`,
      ...(await withAuth({ ...validMedicineFields, ...advil, stock: String(other.stock) }, upload, admin)),
    });
    expect(edit.statusCode).toBe(409);
    expect(await ctx.database.db.select({ path: storedFiles.path }).from(storedFiles)).toEqual(filesBefore);
  });

  it('is another medicine when its maker, strength or pack size differs, whatever its dosage form says', async () => {
    await insertMedicine(ctx, { ...advil, dosageForm: 'Tablet' });
    for (const other of [{ developedBy: 'Haleon' }, { strength: '400 mg' }, { packSize: '48 tablets' }]) {
      const response = await addMedicine({
        ...validMedicineFields,
        ...advil,
        ...other,
        imageUrl: 'https://cdn.example.test/a.webp',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const sameButForForm = await addMedicine({
      ...validMedicineFields,
      ...advil,
      dosageForm: 'Capsule',
      imageUrl: 'https://cdn.example.test/a.webp',
    });
    expect(sameButForForm.statusCode).toBe(409);
    expect(await named('Advil')).toHaveLength(4);
  });

  it('is added once when the same form is sent several times at once', async () => {
    const fields = { ...validMedicineFields, ...advil, imageUrl: 'https://cdn.example.test/a.webp' };
    const answers = await Promise.all([addMedicine(fields), addMedicine(fields), addMedicine(fields)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await named('Advil')).toHaveLength(1);
  });

  it('cannot be made by editing another medicine into it, which stays as it was', async () => {
    await insertMedicine(ctx, advil);
    const other = await insertMedicine(ctx, { ...advil, strength: '400 mg' });
    const response = await update(other.id, { ...validMedicineFields, ...advil, stock: String(other.stock) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: MEDICINE_DUPLICATE_MESSAGE,
      errors: { name: MEDICINE_DUPLICATE_MESSAGE },
    });
    expect(await storedMedicine(ctx, other.id)).toEqual(other);
  });

  it('leaves a duplicate stored before the rule editable, as long as the edit keeps its identity', async () => {
    const first = await insertMedicine(ctx, advil);
    const second = await insertMedicine(ctx, advil);
    const fields = { ...validMedicineFields, ...advil, name: 'ADVIL', stock: String(second.stock) };
    const response = await update(second.id, { ...fields, price: '6.10' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedMedicine(ctx, second.id)).toMatchObject({ name: 'ADVIL', priceCents: 610 });
    // Renamed, it is no longer the first one's double.
    expect((await update(second.id, { ...fields, name: 'Advil-Liqui' })).statusCode).toBe(200);
    expect(await storedMedicine(ctx, first.id)).toEqual(first);
  });
});

describe('GET /api/medicines/duplicates', () => {
  const advil = { name: 'Advil', developedBy: 'Pfizer', strength: '200 mg', packSize: '24 tablets' };
  const report = async (headers: Record<string, string> = admin, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/medicines/duplicates${query}`, headers });
  const reported = async (query = '') => {
    const response = await report(admin, query);
    expect(response.statusCode, response.body).toBe(200);
    return medicineDuplicatesResponseSchema.parse(response.json());
  };
  /**
   * The rows below are written straight to the database, past the writes that tell the catalogue's
   * cache; this notice, as another instance's write sends it (naming `ids`, or anything when none),
   * makes the report look again, and the report is read once it has.
   */
  const reportedOnceTold = async (expected: object, query = '', ids: string[] = []) => {
    await ctx.database.notify(CATALOGUE_CHANNEL, ids.join(','));
    await vi.waitFor(async () => expect(await reported(query)).toEqual(expected), { timeout: 5000, interval: 20 });
  };
  const none = { groups: [], total: 0, medicineCount: 0 };
  const asReported = ({ id, name, developedBy, strength, packSize, stock }: MedicineRow) => ({
    _id: id,
    ...{ name, developedBy, strength, packSize, stock },
  });

  beforeEach(emptyCatalogue);

  it('lists the medicines stored as one medicine, however they were typed, with their stock', async () => {
    const first = await insertMedicine(ctx, { ...advil, stock: 5 });
    const second = await insertMedicine(ctx, {
      ...{ name: 'ADVIL', developedBy: ' pfizer', strength: '200mg', packSize: '24  Tablets' },
      stock: 7,
    });
    // The same name, but another strength or maker: other medicines.
    await insertMedicine(ctx, { ...advil, strength: '400 mg' });
    await insertMedicine(ctx, { ...advil, developedBy: 'Haleon' });
    const brufen = { ...advil, name: 'Brufen', developedBy: 'Abbott' };
    const third = await insertMedicine(ctx, { ...brufen, stock: 0 });
    const fourth = await insertMedicine(ctx, brufen);
    const fifth = await insertMedicine(ctx, { ...brufen, name: 'bru fen' });
    await reportedOnceTold({
      groups: [{ medicines: [first, second].map(asReported) }, { medicines: [third, fourth, fifth].map(asReported) }],
      total: 2,
      medicineCount: 5,
    });
  });

  it('lists none in a catalogue without duplicates', async () => {
    await insertMedicine(ctx, advil);
    await insertMedicine(ctx, { ...advil, strength: '400 mg' });
    await insertMedicine(ctx, { ...advil, name: 'Brufen' });
    await reportedOnceTold(none);
  });

  it('no longer lists a pair once one of them is edited into another medicine', async () => {
    const first = await insertMedicine(ctx, advil);
    const second = await insertMedicine(ctx, advil);
    await reportedOnceTold({ groups: [{ medicines: [first, second].map(asReported) }], total: 1, medicineCount: 2 });
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${second.id}`,
      ...(await withAuth(
        { ...validMedicineFields, ...advil, strength: '400 mg', stock: String(second.stock) },
        undefined,
        admin,
      )),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The edit told the cache itself: the very next read has it.
    expect(await reported()).toEqual(none);
  });
  /** `count` pairs of doubles, named Double-a, Double-b and so on. */
  const pairs = async (count: number) => {
    const names = Array.from({ length: count }, (_, i) => `Double-${String.fromCharCode(97 + i)}`);
    for (const name of names) {
      await insertMedicine(ctx, { ...advil, name });
      await insertMedicine(ctx, { ...advil, name });
    }
    return names;
  };
  const namesOf = (groups: { medicines: { name: string }[] }[]) => groups.map(({ medicines }) => medicines[0]!.name);

  it('pages its groups, DUPLICATE_GROUPS_PAGE_SIZE a page unless asked, and counts them all on each page', async () => {
    const names = await pairs(DUPLICATE_GROUPS_PAGE_SIZE + 3);
    const all = { total: names.length, medicineCount: 2 * names.length };
    await ctx.database.notify(CATALOGUE_CHANNEL, '');
    await vi.waitFor(async () => expect((await reported()).total).toBe(names.length), { timeout: 5000, interval: 20 });
    const first = await reported();
    expect(namesOf(first.groups)).toEqual(names.slice(0, DUPLICATE_GROUPS_PAGE_SIZE));
    expect(first).toMatchObject(all);
    // The last groups are reached on page 2, with the same totals.
    const second = await reported('?page=2');
    expect(namesOf(second.groups)).toEqual(names.slice(DUPLICATE_GROUPS_PAGE_SIZE));
    expect(second.groups[0]!.medicines.map((m) => m.name)).toEqual([names.at(-3), names.at(-3)]);
    expect(second).toMatchObject(all);
    // Another page size, and a page past the end: empty, its totals still of them all.
    expect(namesOf((await reported('?page=3&limit=4')).groups)).toEqual(names.slice(8, 12));
    expect(await reported('?page=9')).toEqual({ groups: [], ...all });
  });

  it('refuses a page or a limit that is not a whole number in range', async () => {
    for (const query of ['?page=0', '?page=x', '?limit=0', `?limit=${MAX_LIST_LIMIT + 1}`]) {
      expect((await report(admin, query)).statusCode, query).toBe(400);
    }
  });

  it('keeps its grouping through changes of stock, and makes it again when a medicine changes what it is', async () => {
    const first = await insertMedicine(ctx, { ...advil, stock: 5 });
    const second = await insertMedicine(ctx, { ...advil, stock: 7 });
    const pair = { groups: [{ medicines: [first, second].map(asReported) }], total: 1, medicineCount: 2 };
    await reportedOnceTold(pair);
    // Written behind the cache's back: the second is renamed, and the first's stock moves.
    await ctx.database.db.update(medicines).set({ name: 'Nurofen' }).where(eq(medicines.id, second.id));
    await setStock(ctx, first.id, 2);
    // The grouping is kept (the whole catalogue is not read again for each call); the stock is read each time.
    const restocked = (stock: number) => ({
      ...pair,
      groups: [{ medicines: [{ ...asReported(first), stock }, asReported(second)] }],
    });
    expect(await reported()).toEqual(restocked(2));
    // A change that names the first alone, as a checkout of it does: it is what it was, so the grouping stays.
    await setStock(ctx, first.id, 3);
    await reportedOnceTold(restocked(3), '', [first.id]);
    // A change that names the renamed one: it is no longer the first's double.
    await reportedOnceTold(none, '', [second.id]);
  });

  it('keeps its grouping through a checkout of a medicine in no group, until that one becomes a double', async () => {
    const first = await insertMedicine(ctx, advil);
    const second = await insertMedicine(ctx, advil);
    // In no group: alike to no other, or of the same name and strength but another maker.
    const lone = await insertMedicine(ctx, { ...advil, name: 'Nurofen' });
    const otherMaker = await insertMedicine(ctx, { ...advil, developedBy: 'Haleon' });
    await reportedOnceTold({ groups: [{ medicines: [first, second].map(asReported) }], total: 1, medicineCount: 2 });
    /** A change naming `medicine`, as another instance's checkout of it sends it, seen once its page shows `stock`. */
    const checkedOut = async (medicine: MedicineRow, stock: number) => {
      const page = `/api/medicines/${medicine.id}`;
      expect((await ctx.app.inject({ method: 'GET', url: page })).statusCode).toBe(200);
      await setStock(ctx, medicine.id, stock);
      await ctx.database.notify(CATALOGUE_CHANNEL, medicine.id);
      await vi.waitFor(
        async () => expect((await ctx.app.inject({ method: 'GET', url: page })).json()).toMatchObject({ stock }),
        { timeout: 5000, interval: 20 },
      );
    };
    // Written behind the cache's back: the second is renamed; the checkouts do not make the grouping again.
    await ctx.database.db.update(medicines).set({ name: 'Brufen' }).where(eq(medicines.id, second.id));
    await checkedOut(lone, 4);
    await checkedOut(otherMaker, 3);
    expect(await reported()).toEqual({
      groups: [{ medicines: [first, second].map(asReported) }],
      total: 1,
      medicineCount: 2,
    });
    // Renamed into the first one, the lone medicine's next checkout makes it again.
    await ctx.database.db.update(medicines).set({ name: 'AD VIL' }).where(eq(medicines.id, lone.id));
    await checkedOut(lone, 2);
    expect(await reported()).toEqual({
      groups: [{ medicines: [asReported(first), { ...asReported(lone), name: 'AD VIL', stock: 2 }] }],
      total: 1,
      medicineCount: 2,
    });
  });

  it('is for admins: anonymous 401, shopper 403', async () => {
    await insertMedicine(ctx, advil);
    await insertMedicine(ctx, advil);
    expect((await report({})).statusCode).toBe(401);
    expect((await report({})).json()).toEqual({ message: 'No token found' });
    expect((await report(shopper)).statusCode).toBe(403);
  });

  it('finds a name as the identity compares it: the database folds case and whitespace as identityKey does', async () => {
    const typed = ['Advil', 'ADVIL', ' Ad vil ', 'Ad\tVil', 'Ad\nvil\r', 'Ad\u000bvil', 'Ad\fvil', 'AD  VIL'];
    for (const name of typed) {
      const [folded] = await ctx.database.db
        .select({ name: comparableName(sql`${name}::text`).mapWith(String) })
        .from(sql`(values (1)) as one`);
      expect(folded?.name, JSON.stringify(name)).toBe(identityKey({ name }, ['name']));
    }
  });
});

describe('DELETE /api/medicines/delete-medicine/:id', () => {
  it('answers the deleted medicine, then 404', async () => {
    const row = await insertMedicine(ctx);
    const remove = () =>
      ctx.app.inject({ method: 'DELETE', url: `/api/medicines/delete-medicine/${row.id}`, headers: admin });
    const response = await remove();
    expect(response.statusCode).toBe(200);
    expect(deletedMedicineResponseSchema.parse(response.json()).deletedMedicine._id).toBe(row.id);
    expect((await remove()).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/medicines/${row.id}` })).statusCode).toBe(404);
  });
});

describe('authorization', () => {
  beforeEach(emptyCatalogue);
  it.each([
    ['POST', '/api/medicines/add-medicine'],
    ['PATCH', '/api/medicines/update-medicine/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/medicines/delete-medicine/00000000-0000-4000-8000-000000000000'],
  ] as const)('%s %s: anonymous 401, shopper 403, admin allowed', async (method, url) => {
    const row = await insertMedicine(ctx);
    const target = url.replace('00000000-0000-4000-8000-000000000000', row.id);
    const body = await multipart({
      ...validMedicineFields,
      imageUrl: 'https://cdn.example.test/a.webp',
      version: String(row.version),
    });
    const call = (auth: object) =>
      ctx.app.inject({ method, url: target, payload: body.payload, headers: { ...body.headers, ...auth } });
    expect((await call({})).json()).toEqual({ message: 'No token found' });
    expect((await call({})).statusCode).toBe(401);
    expect((await call(shopper)).statusCode).toBe(403);
    expect((await call({ authorization: 'Bearer forged' })).statusCode).toBe(401);
    expect([200, 201]).toContain((await call(admin)).statusCode);
    const [stored] = await ctx.database.db.select().from(medicines).where(eq(medicines.id, row.id));
    if (method === 'DELETE') expect(stored).toBeUndefined();
  });

  it('lets anyone read the catalogue', async () => {
    const row = await insertMedicine(ctx);
    for (const headers of [{}, shopper, admin]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/medicines', headers })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/medicines/${row.id}`, headers })).statusCode).toBe(200);
    }
  });
});

describe('catalogue cache', () => {
  let row: typeof medicines.$inferSelect;
  beforeEach(emptyCatalogue);
  beforeEach(async () => {
    row = await insertMedicine(ctx, { name: 'Cached', stock: 4 });
  });

  const detail = async (id = row.id) =>
    medicineResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/medicines/${id}` })).json())
      .medicine;

  it('shows every write through the API on the next read', async () => {
    await list('?limit=100');
    expect((await detail()).price).toBe(12.5);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/medicines/update-medicine/${row.id}`,
      ...(await withAuth(
        { ...validMedicineFields, name: 'Recached', price: '3.10', version: String(row.version) },
        undefined,
        admin,
      )),
    });
    expect(response.statusCode).toBe(200);
    expect(await detail()).toMatchObject({ name: 'Recached', price: 3.1 });
    expect((await list('?limit=100')).medicines.find((m) => m._id === row.id)?.name).toBe('Recached');
  });

  it('is cleared by a NOTIFY from another instance', async () => {
    expect((await detail()).stock).toBe(4);
    // A write that did not go through this instance: the cache still answers the old figure...
    await setStock(ctx, row.id, 9);
    expect((await detail()).stock).toBe(4);
    // ...until the other instance's notification arrives.
    await ctx.database.notify(CATALOGUE_CHANNEL, '');
    await vi.waitFor(async () => expect((await detail()).stock).toBe(9), { timeout: 5000, interval: 20 });
  });

  /** A second instance of the app on this test's own PostgreSQL database, with its own pool and listener. */
  const secondInstance = async () => {
    const database = openPg(ctx.config.databaseUrl!, { poolSize: 2 });
    const other = await buildApp({ config: ctx.config, database, logger: false });
    await other.ready();
    return other;
  };
  it('keeps two instances on one PostgreSQL database consistent', async () => {
    const other = await secondInstance();
    try {
      expect((await detail()).stock).toBe(4);
      const response = await other.inject({
        method: 'PATCH',
        url: `/api/medicines/update-medicine/${row.id}`,
        ...(await withAuth({ ...validMedicineFields, stock: '1', version: String(row.version) }, undefined, admin)),
      });
      expect(response.statusCode).toBe(200);
      await vi.waitFor(async () => expect((await detail()).stock).toBe(1), { timeout: 5000, interval: 20 });
    } finally {
      await other.close();
    }
  });

  it(
    'sees a change whose notice was never sent within the periodic check',
    async () => {
      expect((await detail()).stock).toBe(4);
      // A write whose notice is lost: the stock and the medicine's version change, and no NOTIFY goes out.
      await setStock(ctx, row.id, 7);
      await ctx.database.db
        .update(medicines)
        .set({ version: sql`${medicines.version} + 1` })
        .where(eq(medicines.id, row.id));
      expect((await detail()).stock).toBe(4);
      await vi.waitFor(async () => expect((await detail()).stock).toBe(7), {
        timeout: CHANGE_CHECK_EVERY_MS * 3,
        interval: 100,
      });
    },
    CHANGE_CHECK_EVERY_MS * 4,
  );

  it('stays up, and consistent with another instance, when its listening connection is cut', async () => {
    const other = await secondInstance();
    try {
      const before = (await detail()).price;
      // What a database restart or a failover does to every instance's listening connection.
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const current = await ctx.database.db.select().from(medicines).where(eq(medicines.id, row.id));
      const price = String(before + 1);
      const response = await other.inject({
        method: 'PATCH',
        url: `/api/medicines/update-medicine/${row.id}`,
        ...(await withAuth({ ...validMedicineFields, price, version: String(current[0]!.version) }, undefined, admin)),
      });
      expect(response.statusCode).toBe(200);
      await vi.waitFor(async () => expect((await detail()).price).toBe(before + 1), { timeout: 5000, interval: 50 });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
