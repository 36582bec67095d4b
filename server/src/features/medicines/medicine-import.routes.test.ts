import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BATCH_CSV_COLUMNS,
  IMAGE_FETCH_MESSAGE,
  IMAGE_PRIVATE_ADDRESS_MESSAGE,
  IMPORT_IMAGES_TOO_LARGE_MESSAGE,
  IMAGE_PIXELS_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  IMPORT_CONFLICT_MESSAGE,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_NOT_UTF8_MESSAGE,
  IMPORT_RATE_LIMITED_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  IMPORT_UNKNOWN_ID_MESSAGE,
  importRefusedMessage,
  importReportSchema,
  MEDICINE_CHANGED_MESSAGE,
  MEDICINE_DUPLICATE_MESSAGE,
  MEDICINE_FIELDS,
  MEDICINE_NAME_MESSAGE,
  medicineListResponseSchema,
  sameMedicineMessage,
  unknownColumnsMessage,
  type ImportReport,
} from '@apotheca/contract';
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batches, medicines, storedFiles } from '../../db/schema';
import { addressList } from '../../lib/public-address';
import { withTestContext } from '../../test/test-app';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { blankPng, insertMedicine, pngImage, recordingCatalogue, sendForm, storedMedicine } from './medicines.fixtures';
import { importCatalogue } from './medicine-import.service';

let admin: { authorization: string };
let shopper: { authorization: string };
let imageServer: Server;
let imageBase: string;
/** The same server's images, on the loopback address no setting allows. */
let otherLoopback: Server;
let otherLoopbackBase: string;
/** `/held.png` is answered once `until` settles; `arrived` is called when it is asked for. */
let heldImage: { arrived: () => void; until: Promise<void> } | undefined;

/** The images are served on this machine, a private address a shop must allow (docs/decisions/0085). */
const ctx = useTestContext({ importPrivateImageRanges: ['127.0.0.1'] });
beforeAll(async () => {
  admin = (await createTestUser(ctx, { role: 'admin' })).headers;
  shopper = (await createTestUser(ctx)).headers;
  // The network beyond this machine is out of reach: the images an import fetches are served here.
  const png = await pngImage(40, 30);
  const poster = await blankPng(20_000, 20_000);
  imageServer = createServer((request, response) => {
    if (request.url === '/pill.png' || request.url === '/other-pill.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (request.url === '/held.png' && heldImage) {
      heldImage.arrived();
      void heldImage.until.then(() => response.writeHead(200, { 'content-type': 'image/png' }).end(png));
    } else if (request.url === '/poster.png') response.writeHead(200, { 'content-type': 'image/png' }).end(poster);
    else if (request.url === '/not-an-image.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end('<html>');
    else if (request.url === '/cut-off.png') {
      // The connection drops half-way through the image it announced.
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.write(png.subarray(0, png.length / 2), () => response.socket?.destroy());
    } else if (request.url === '/moved.png') response.writeHead(302, { location: '/pill.png' }).end();
    else if (request.url === '/moved-inside.png')
      response.writeHead(302, { location: `${otherLoopbackBase}/pill.png` }).end();
    else response.writeHead(404).end();
  });
  otherLoopback = createServer((request, response) => imageServer.emit('request', request, response));
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => otherLoopback.listen(0, '127.0.0.2', resolve));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  otherLoopbackBase = `http://127.0.0.2:${(otherLoopback.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const server of [imageServer, otherLoopback])
    await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(async () => {
  await ctx.database.db.delete(medicines);
});

/** A CSV of the rows, its columns every key any row has; a row without one leaves its cell empty. */
const csv = (rows: Record<string, string>[], delimiter = ',') => {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return Papa.unparse({ fields, data: rows.map((row) => fields.map((field) => row[field] ?? '')) }, { delimiter });
};

async function importFile(content: string | Buffer, { dryRun = false, auth = admin, on = ctx } = {}) {
  return sendForm(
    on,
    'POST',
    `/api/medicines/import${dryRun ? '?dryRun=true' : ''}`,
    auth,
    {},
    { field: 'file', content: Buffer.from(content), filename: 'catalogue.csv', type: 'text/csv' },
  );
}

async function report(content: string | Buffer, dryRun = false): Promise<ImportReport> {
  const response = await importFile(content, { dryRun });
  expect(response.statusCode, response.body).toBe(200);
  return importReportSchema.parse(response.json());
}

/** Every medicine as stored, with its stock, and the stored files: what "nothing changed" compares. */
async function catalogueState() {
  const rows = await ctx.database.db.select().from(medicines).orderBy(asc(medicines.name));
  const files = await ctx.database.db.select({ path: storedFiles.path }).from(storedFiles);
  const stock = await Promise.all(rows.map(async (row) => (await storedMedicine(ctx, row.id))!.stock));
  return { rows, stock, files: files.map((file) => file.path).sort() };
}

const exportCsv = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/medicines/export.csv', headers: admin });
  expect(response.statusCode).toBe(200);
  return response;
};

const newMedicine = (name: string, extra: Record<string, string> = {}) => ({
  name,
  developedBy: 'Acme Pharma',
  maxMonthsExpiry: '24',
  category: 'Pain Relief',
  stock: '30',
  price: '4.50',
  imageUrl: `${imageBase}/pill.png`,
  ...extra,
});

describe('GET /api/medicines/export.csv', () => {
  it("sends one row a medicine under the medicine's field names, to admins only", async () => {
    const medicine = await insertMedicine(ctx, { name: 'Ibuprofen', priceCents: 1999, stock: 7, strength: '200 mg' });
    const response = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const parsed = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual([...MEDICINE_FIELDS]);
    expect(parsed.data).toEqual([
      expect.objectContaining({
        _id: medicine.id,
        name: 'Ibuprofen',
        price: '19.99',
        stock: '7',
        strength: '200 mg',
        dosageForm: '',
        maxPerOrder: '',
        prescriptionRequired: 'false',
      }),
    ]);

    for (const [headers, status] of [
      [shopper, 403],
      [{}, 401],
    ] as const) {
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/medicines/export.csv', headers });
      expect(refused.statusCode).toBe(status);
    }
  });

  it('sends the batches in a second file, one row a batch with its medicine', async () => {
    const medicine = await insertMedicine(ctx, { name: 'Amoxicillin', stock: 12 });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/medicines/batches/export.csv', headers: admin });
    expect(response.statusCode).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual([...BATCH_CSV_COLUMNS]);
    expect(parsed.data).toEqual([
      expect.objectContaining({ medicineId: medicine.id, medicineName: 'Amoxicillin', quantity: '12' }),
    ]);
  });
});

describe('POST /api/medicines/import', () => {
  it('reports in a dry run exactly what the real run then does, and the dry run writes nothing', async () => {
    const changed = await insertMedicine(ctx, { name: 'Aspirin', priceCents: 300 });
    const same = await insertMedicine(ctx, { name: 'Cetirizine', strength: '10 mg', priceCents: 800 });
    const file = csv([
      // By _id, a new price; the stock column is the batches' to change and is left alone.
      { ...newMedicine('Aspirin'), _id: changed.id, price: '3.25', stock: '999', imageUrl: '' },
      // By name, maker, strength and pack size, with nothing new.
      {
        ...newMedicine('Cetirizine'),
        _id: '',
        developedBy: 'Test Labs',
        strength: '10 mg',
        price: '8',
        stock: '',
        imageUrl: '',
      },
      { ...newMedicine('Loratadine'), _id: '' },
    ]);
    const before = await catalogueState();

    const dry = await report(file, true);
    expect(dry).toEqual({ created: 1, updated: 1, unchanged: 1, refused: [] });
    expect(await catalogueState()).toEqual(before);

    expect(await report(file)).toEqual(dry);
    expect((await storedMedicine(ctx, changed.id))!).toMatchObject({ priceCents: 325, stock: 10 });
    expect((await storedMedicine(ctx, same.id))!.version).toBe(same.version);
    const [created] = await ctx.database.db.select().from(medicines).where(eq(medicines.name, 'Loratadine'));
    // The image was fetched and stored as an upload is, and the stock became the medicine's first batch.
    expect(created!.imageUrl).toMatch(/^\/uploads\/medicines\/.+-detail\.webp$/);
    expect(created!.imageSourceUrl).toBe(`${imageBase}/pill.png`);
    expect((await storedMedicine(ctx, created!.id))!.stock).toBe(30);

    // The catalogue's cached answers follow the write.
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/medicines?q=Aspirin' });
    expect(medicineListResponseSchema.parse(listed.json()).medicines[0]!.price).toBe(3.25);
  });

  it('changes nothing when the same file is imported a second time', async () => {
    const file = csv(
      [newMedicine('Naproxen', { packSize: '' }), newMedicine('Omeprazole', { packSize: '28 capsules' })],
      ';',
    );
    expect(await report(file)).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    const after = await catalogueState();
    expect(await report(file)).toEqual({ created: 0, updated: 0, unchanged: 2, refused: [] });
    expect(await catalogueState()).toEqual(after);
  });

  it('updates by name and maker alone a file without strength and pack size columns, as a supplier price list has', async () => {
    const panadol = await insertMedicine(ctx, {
      name: 'Panadol',
      developedBy: 'Haleon',
      strength: '500 mg',
      packSize: '24 tablets',
      priceCents: 549,
    });
    const before = await catalogueState();
    const file = csv([{ name: 'panadol', developedBy: 'Haleon', price: '4.99' }]);
    expect(await report(file, true)).toEqual({ created: 0, updated: 1, unchanged: 0, refused: [] });
    expect(await catalogueState()).toEqual(before);
    expect(await report(file)).toEqual({ created: 0, updated: 1, unchanged: 0, refused: [] });
    const rows = await ctx.database.db.select().from(medicines);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: panadol.id, name: 'panadol', strength: '500 mg', priceCents: 499 });
    // With the column, a strength the catalogue lacks is another medicine.
    const otherStrength = csv([newMedicine('Panadol', { developedBy: 'Haleon', strength: '1 g' })]);
    expect(await report(otherStrength, true)).toMatchObject({ created: 1, updated: 0 });
  });

  it('refuses the whole real run for one bad row, naming the row and its message, and changes nothing', async () => {
    const kept = await insertMedicine(ctx, { name: 'Aspirin', priceCents: 300 });
    const file = csv([
      { ...newMedicine('Aspirin'), _id: kept.id, price: '3.25', imageUrl: '' },
      { ...newMedicine('Para 500'), _id: '' },
    ]);
    const before = await catalogueState();

    expect(await report(file, true)).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
      refused: [{ row: 3, errors: { name: MEDICINE_NAME_MESSAGE } }],
    });
    const response = await importFile(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: importRefusedMessage(1), errors: { '3': MEDICINE_NAME_MESSAGE } });
    expect(await catalogueState()).toEqual(before);
  });

  it('changes nothing when the export is imported back', async () => {
    await insertMedicine(ctx, {
      name: 'Metformin-XR',
      activeIngredient: 'Metformin',
      strength: '500 mg',
      dosageForm: 'Tablet',
      packSize: '60 tablets',
      prescriptionRequired: true,
      maxPerOrder: 3,
      description: 'Lowers blood sugar.\nTake with food, "as told".',
    });
    await insertMedicine(ctx, { name: 'Zinc', developedBy: 'Small Co' });
    const before = await catalogueState();
    const exported = (await exportCsv()).body;
    expect(await report(exported)).toEqual({ created: 0, updated: 0, unchanged: 2, refused: [] });
    expect(await catalogueState()).toEqual(before);
  });

  it('exports text that a spreadsheet would run as a formula as plain text, and imports it back unchanged', async () => {
    const leaflet = {
      description: '=HYPERLINK("http://evil.example/","Open")',
      directions: '+1 tablet a day',
      sideEffects: '-Headache',
      warnings: '@SUM(1)',
      storage: "'=Already quoted",
    };
    await insertMedicine(ctx, { name: 'Formulin', ...leaflet });
    const before = await catalogueState();
    const [header, row] = Papa.parse<string[]>((await exportCsv()).body.replace(/^\uFEFF/, '')).data;
    const cells = Object.fromEntries(header!.map((name, i) => [name, row![i]!]));
    // A spreadsheet runs a cell beginning =, +, - or @; a leading apostrophe makes it text.
    for (const [field, text] of Object.entries(leaflet)) expect(cells[field]).toBe(`'${text}`);
    expect(await report((await exportCsv()).body)).toEqual({ created: 0, updated: 0, unchanged: 1, refused: [] });
    expect(await catalogueState()).toEqual(before);
  });

  it('refuses rows row by row: an unknown _id, the same medicine twice, a stale version, bad images', async () => {
    const medicine = await insertMedicine(ctx, { name: 'Aspirin' });
    const file = csv([
      { ...newMedicine('Aspirin'), _id: '00000000-0000-4000-8000-000000000000', version: '' },
      { ...newMedicine('Aspirin'), _id: medicine.id, price: '1', version: String(medicine.version + 1) },
      { ...newMedicine('Ketamine'), _id: '', version: '' },
      { ...newMedicine('Ketamine'), _id: '', version: '' },
      { ...newMedicine('Codeine'), _id: '', version: '', imageUrl: `${imageBase}/not-an-image.png` },
      { ...newMedicine('Morphine'), _id: '', version: '', imageUrl: `${imageBase}/missing.png` },
      { ...newMedicine('Tramadol'), _id: '', version: '', imageUrl: `${imageBase}/cut-off.png` },
      { ...newMedicine('Fentanyl'), _id: '', version: '', imageUrl: `${imageBase}/poster.png` },
    ]);
    expect(await report(file, true)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      refused: [
        { row: 2, errors: { _id: IMPORT_UNKNOWN_ID_MESSAGE } },
        { row: 3, errors: { version: MEDICINE_CHANGED_MESSAGE } },
        { row: 5, errors: { row: sameMedicineMessage(4) } },
        { row: 6, errors: { imageUrl: IMAGE_TYPE_MESSAGE } },
        { row: 7, errors: { imageUrl: IMAGE_FETCH_MESSAGE } },
        { row: 8, errors: { imageUrl: IMAGE_FETCH_MESSAGE } },
        { row: 9, errors: { imageUrl: IMAGE_PIXELS_MESSAGE } },
      ],
    });
  });

  it('refuses a second row of one medicine whatever its case and spacing, and matches the catalogue the same way', async () => {
    const advil = { developedBy: 'Pfizer', strength: '200 mg', packSize: '24 tablets' };
    const file = csv([
      newMedicine('Advil', advil),
      newMedicine('ADVIL', { developedBy: ' pfizer', strength: '200mg', packSize: '24  Tablets' }),
    ]);
    expect(await report(file, true)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      refused: [{ row: 3, errors: { row: sameMedicineMessage(2) } }],
    });
    const stored = await insertMedicine(ctx, { name: 'Advil', ...advil, priceCents: 450 });
    const respaced = csv([
      { name: 'advil', developedBy: 'Pfizer', strength: '200MG', packSize: '24tablets', price: '5' },
    ]);
    expect(await report(respaced)).toEqual({ created: 0, updated: 1, unchanged: 0, refused: [] });
    expect(await ctx.database.db.select({ id: medicines.id }).from(medicines)).toEqual([{ id: stored.id }]);
  });

  it("refuses a row that edits a medicine into another's name, maker, strength and pack size", async () => {
    await insertMedicine(ctx, { name: 'Advil', developedBy: 'Pfizer', strength: '200 mg' });
    const stronger = await insertMedicine(ctx, { name: 'Advil', developedBy: 'Pfizer', strength: '400 mg' });
    const other = await insertMedicine(ctx, { name: 'Nurofen', developedBy: 'Pfizer', strength: '200 mg' });
    const before = await catalogueState();
    const file = csv([
      { ...newMedicine('Advil', { developedBy: 'Pfizer', strength: '200 MG', imageUrl: '' }), _id: stronger.id },
      { ...newMedicine('Motrin', { developedBy: 'Pfizer', strength: '' }), _id: '' },
      { ...newMedicine('motrin', { developedBy: 'Pfizer', strength: '', imageUrl: '' }), _id: other.id },
    ]);
    expect(await report(file, true)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      refused: [
        { row: 2, errors: { name: MEDICINE_DUPLICATE_MESSAGE } },
        { row: 4, errors: { row: sameMedicineMessage(3) } },
      ],
    });
    expect((await importFile(file)).statusCode).toBe(400);
    expect(await catalogueState()).toEqual(before);
  });

  it('writes nothing when the medicine a row adds was added by the form while the file was imported', async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    heldImage = { arrived, until: new Promise<void>((resolve) => (release = resolve)) };
    const advil = newMedicine('Advil', { developedBy: 'Pfizer', strength: '200 mg' });
    const importing = importFile(csv([{ ...advil, imageUrl: `${imageBase}/held.png` }]));
    // The file is planned and its image on its way: the same medicine comes in through the form.
    await requested;
    const added = await sendForm(ctx, 'POST', '/api/medicines/add-medicine', admin, advil);
    expect(added.statusCode, added.body).toBe(201);
    release();
    const response = await importing;
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: IMPORT_CONFLICT_MESSAGE });
    expect(await ctx.database.db.select().from(medicines)).toHaveLength(1);
  });

  it("refuses the rows whose new images pass the import's budget for held images", async () => {
    const actorId = (await createTestUser(ctx, { role: 'admin' })).user.id;
    const png = await pngImage(40, 30);
    const file = csv([newMedicine('Ketamine'), newMedicine('Codeine', { imageUrl: `${imageBase}/other-pill.png` })]);
    // A budget of one image: whichever of the two arrives second is refused.
    const found = await importCatalogue(ctx.database.db, Buffer.from(file), {
      dryRun: true,
      appUrl: 'http://localhost',
      actorId,
      allowedPrivate: addressList(ctx.config.importPrivateImageRanges),
      catalogue: recordingCatalogue().catalogue,
      imagesMaxBytes: png.length,
    });
    expect(found).toMatchObject({ created: 1, updated: 0, unchanged: 0 });
    expect(found.refused).toEqual([{ row: expect.any(Number), errors: { imageUrl: IMPORT_IMAGES_TOO_LARGE_MESSAGE } }]);
  });

  it('refuses images on private addresses by default, whether named by address, by name or by a redirect', async () => {
    const port = new URL(imageBase).port;
    const file = csv([
      newMedicine('Ketamine', { imageUrl: `http://127.0.0.1:${port}/pill.png` }),
      newMedicine('Codeine', { imageUrl: `http://localhost:${port}/pill.png` }),
      newMedicine('Morphine', { imageUrl: 'http://169.254.169.254/latest/meta-data/' }),
      newMedicine('Tramadol', { imageUrl: 'http://[fd00::1]/pill.png' }),
      newMedicine('Fentanyl', { imageUrl: 'http://[::ffff:10.0.0.1]/pill.png' }),
    ]);
    const refused = (rows: number[]) =>
      rows.map((row) => ({ row, errors: { imageUrl: IMAGE_PRIVATE_ADDRESS_MESSAGE } }));
    await withTestContext({}, async (shop) => {
      const shopAdmin = (await createTestUser(shop, { role: 'admin' })).headers;
      const response = await importFile(file, { dryRun: true, auth: shopAdmin, on: shop });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ created: 0, updated: 0, unchanged: 0, refused: refused([2, 3, 4, 5, 6]) });
    });
    // Allowed here: the shop's own address only, so a redirect from it to another private address is refused.
    expect(await report(csv([newMedicine('Ketamine', { imageUrl: `${imageBase}/moved.png` })]), true)).toEqual({
      created: 1,
      updated: 0,
      unchanged: 0,
      refused: [],
    });
    expect(await report(csv([newMedicine('Ketamine', { imageUrl: `${imageBase}/moved-inside.png` })]), true)).toEqual({
      created: 0,
      updated: 0,
      unchanged: 0,
      refused: refused([2]),
    });
  });

  it('reads a file with a byte order mark and semicolons', async () => {
    const file = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv([newMedicine('Naproxen')], ';'))]);
    expect(await report(file, true)).toEqual({ created: 1, updated: 0, unchanged: 0, refused: [] });
  });

  it('refuses a file past its limits or not a CSV of the medicine columns, with a clear 4xx', async () => {
    const header = Object.keys(newMedicine('X')).join(',');
    const row = Object.values(newMedicine('Naproxen')).join(',');
    const cases: [string | Buffer, number, string][] = [
      [`${header}\n${`${row}\n`.repeat(IMPORT_MAX_ROWS + 1)}`, 400, IMPORT_TOO_MANY_ROWS_MESSAGE],
      [Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'), 413, IMPORT_TOO_LARGE_MESSAGE],
      [Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe]), 400, IMPORT_NOT_UTF8_MESSAGE],
      [`${header},colour\n${row},red`, 400, unknownColumnsMessage(['colour'])],
    ];
    for (const [content, status, message] of cases) {
      const response = await importFile(content);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(await ctx.database.db.select().from(medicines)).toEqual([]);
  });

  // A header of thousands of unknown columns, or one long token, must not become an error the size of the file.
  it('names at most five unknown columns, each cut short, and counts the rest', async () => {
    const header = Object.keys(newMedicine('X')).join(',');
    const extra = Array.from({ length: 20_000 }, (_, i) => `extra${i + 1}`).join(',');
    const many = (await importFile(`${header},${extra}\n`)).json();
    expect(many.message).toMatch(
      /^Unknown columns: extra1, extra2, extra3, extra4, extra5 and 19,995 more\. The columns/,
    );
    const token = 'QUJD'.repeat(2_000);
    const long = await importFile(`${header},${token}\n`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^Unknown columns: (QUJD){10}… The columns/);
  });

  it('limits each admin to a few imports in ten minutes, dry runs included, answering 429 with Retry-After', async () => {
    await withTestContext({ rateLimitPerMinute: 20 }, async (shop) => {
      const [first, second] = await Promise.all([1, 2].map(() => createTestUser(shop, { role: 'admin' })));
      const file = csv([newMedicine('Naproxen', { imageUrl: '' })]);
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await importFile(file, { dryRun: true, auth: first!.headers, on: shop })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await importFile(file, { auth: first!.headers, on: shop });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: IMPORT_RATE_LIMITED_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another admin counts on their own.
      expect((await importFile(file, { dryRun: true, auth: second!.headers, on: shop })).statusCode).toBe(200);
    });
  });

  it('is for admins only', async () => {
    expect((await importFile(csv([newMedicine('Naproxen')]), { auth: shopper })).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(batches)).toEqual([]);
  });
});
