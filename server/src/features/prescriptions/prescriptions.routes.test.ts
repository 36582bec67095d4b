import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import {
  PRESCRIPTION_FILE_REQUIRED_MESSAGE,
  PRESCRIPTION_FILE_TYPE_MESSAGE,
  PRESCRIPTION_PIXELS_MESSAGE,
  PRESCRIPTION_QUOTA_MESSAGE,
  PRESCRIPTION_UNUSED_MAX_FILES,
  PRESCRIPTION_TOO_LARGE_MESSAGE,
  prescriptionResponseSchema,
  prescriptionsResponseSchema,
  ORDER_STATUS,
  PAYMENT_STATUS,
  ROLE,
  type OrderStatus,
} from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFStream, type PDFObject } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orders, prescriptions, prescriptionViews } from '../../db/schema';
import { getFile } from '../../db/stored-files';
import { PRIVATE_ANSWER } from '../../plugins/answer-caching.plugin';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { blankPng, insertMedicine, multipart, pngImage, sendForm } from '../medicines/medicines.fixtures';
import { prescriptionFilePath } from './prescription-file.service';
import { stripPdf } from './prescription-pdf.service';
import { PDF_SCAN, pdfWithScriptAndMetadata, photoWithGps, uploadPrescription } from './prescriptions.fixtures';
import { MAX_UPLOADS_IN_FLIGHT } from './prescriptions.routes';
import { removeUnusedPrescriptions } from './prescriptions.service';

const ctx = useTestContext();

const readFile = (id: string, headers: { authorization?: string } = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/prescriptions/${id}/file`, headers });
const storedCount = async () => (await ctx.database.db.select().from(prescriptions)).length;
/** `send` as a new patient: whatever it sends is refused, so no prescription is stored. */
async function storingNothing(send: (headers: { authorization: string }) => Promise<void>) {
  const { headers } = await createTestUser(ctx);
  const before = await storedCount();
  await send(headers);
  expect(await storedCount()).toBe(before);
}

describe('POST /api/prescriptions', () => {
  it('stores a phone photo without its EXIF and GPS tags, apart from the public uploads', async () => {
    const { headers, user } = await createTestUser(ctx);
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await uploadPrescription(ctx, headers, photo);
    expect(response.statusCode).toBe(201);
    const { prescription } = prescriptionResponseSchema.parse(response.json());
    expect(prescription).toMatchObject({ userId: user.id, fileType: 'image/jpeg' });

    const file = await getFile(ctx.database.db, prescriptionFilePath(prescription._id));
    expect(file?.contentType).toBe('image/jpeg');
    const stored = file!.body;
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(stored.includes('PhoneMaker')).toBe(false);
    expect(stored.includes('Ada Patient')).toBe(false);
    expect(
      fs.existsSync(ctx.config.uploadsDir) ? fs.readdirSync(ctx.config.uploadsDir, { recursive: true }) : [],
    ).toEqual([]);
    // Never reachable as a static file.
    for (const url of [prescriptionFilePath(prescription._id), `/uploads/prescriptions/${prescription._id}.jpg`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }

    const served = await readFile(prescription._id, headers);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it('stores a PDF without its scripts, /Info and XMP metadata, keeping its page', async () => {
    const { headers } = await createTestUser(ctx);
    const sent = await pdfWithScriptAndMetadata();
    // Every key of every dictionary, nested ones included, that acts or describes.
    const keysIn = (object: PDFObject): string[] => {
      if (object instanceof PDFStream) return keysIn(object.dict);
      if (object instanceof PDFArray) return object.asArray().flatMap(keysIn);
      if (!(object instanceof PDFDict)) return [];
      return object.entries().flatMap(([key, value]) => [key.asString(), ...keysIn(value)]);
    };
    const activeOrDescribing = (pdf: PDFDocument) =>
      pdf.context
        .enumerateIndirectObjects()
        .flatMap(([, object]) => keysIn(object))
        .filter((key) => ['/OpenAction', '/AA', '/JS', '/JavaScript', '/Metadata', '/Author'].includes(key));
    expect(new Set(activeOrDescribing(await PDFDocument.load(sent)))).toEqual(
      new Set(['/OpenAction', '/AA', '/JS', '/JavaScript', '/Metadata', '/Author']),
    );

    const response = await uploadPrescription(ctx, headers, sent, 'application/pdf');
    expect(response.statusCode).toBe(201);
    const { prescription } = prescriptionResponseSchema.parse(response.json());
    const stored = (await getFile(ctx.database.db, prescriptionFilePath(prescription._id)))!.body;
    const kept = await PDFDocument.load(stored, { updateMetadata: false });
    expect(kept.getPageCount()).toBe(1);
    expect(kept.context.trailerInfo.Info).toBeUndefined();
    expect(kept.getAuthor()).toBeUndefined();
    expect(activeOrDescribing(kept)).toEqual([]);
    expect(stored.includes('Ada Patient')).toBe(false);
    expect((await readFile(prescription._id, headers)).rawPayload.equals(stored)).toBe(true);
  });

  it('judges the type by content: PNG, WebP and PDF pass whatever was declared; anything else is 415', async () => {
    const { headers } = await createTestUser(ctx);
    const png = await pngImage();
    const webp = await sharp(png).webp().toBuffer();
    for (const [content, fileType] of [
      [png, 'image/png'],
      [webp, 'image/webp'],
      [PDF_SCAN, 'application/pdf'],
    ] as const) {
      const response = await uploadPrescription(ctx, headers, content, 'application/octet-stream');
      expect(response.statusCode).toBe(201);
      expect(response.json().prescription.fileType).toBe(fileType);
    }
    const before = await storedCount();
    for (const content of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a'),
      png.subarray(0, png.length / 2),
      Buffer.from('MZ executable'),
    ]) {
      const response = await uploadPrescription(ctx, headers, content, 'image/png');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: PRESCRIPTION_FILE_TYPE_MESSAGE });
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a photo of more pixels than it reads with 413, naming the most it takes, storing nothing', async () => {
    await storingNothing(async (headers) => {
      // A real PNG of 20000 × 20000 pixels, some 50 KB: within the bytes, past the pixels.
      const response = await uploadPrescription(ctx, headers, await blankPng(20_000, 20_000), 'image/png');
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: PRESCRIPTION_PIXELS_MESSAGE });
      expect(PRESCRIPTION_PIXELS_MESSAGE).toBe(
        'The prescription image must be at most 100 megapixels (width × height).',
      );
    });
  });

  it('refuses a file over 10 MB with 413, no file with 400 and JSON with 415, storing nothing', async () => {
    await storingNothing(async (headers) => {
      const tooLarge = Buffer.concat([PDF_SCAN, Buffer.alloc(10 * 1024 * 1024)]);
      const large = await uploadPrescription(ctx, headers, tooLarge, 'application/pdf');
      expect(large.statusCode).toBe(413);
      expect(large.json()).toEqual({ message: PRESCRIPTION_TOO_LARGE_MESSAGE });

      const empty = await uploadPrescription(ctx, headers, Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(PRESCRIPTION_FILE_REQUIRED_MESSAGE);
      const wrongField = await sendForm(
        ctx,
        'POST',
        '/api/prescriptions',
        headers,
        {},
        { field: 'photo', content: PDF_SCAN, filename: 'p.pdf', type: 'application/pdf' },
      );
      expect(wrongField.statusCode).toBe(400);

      const json = await ctx.app.inject({ method: 'POST', url: '/api/prescriptions', headers, payload: { file: 'x' } });
      expect(json.statusCode).toBe(415);
    });
  });

  it('refuses a PDF cut at 10 MB in its last chunk, and a 100 MB body before reading it, with 413', async () => {
    await storingNothing(async (headers) => {
      const justOver = Buffer.concat([PDF_SCAN, Buffer.alloc(10 * 1024 * 1024 + 10 * 1024)]);
      const cut = await uploadPrescription(ctx, headers, justOver, 'application/pdf');
      expect(cut.statusCode).toBe(413);
      expect(cut.json()).toEqual({ message: PRESCRIPTION_TOO_LARGE_MESSAGE });

      // Declared at 100 MB, sent as a stream that never ends: the answer comes without reading it.
      const body = new PassThrough();
      body.write('--x\r\n');
      const huge = await ctx.app.inject({
        method: 'POST',
        url: '/api/prescriptions',
        headers: {
          ...headers,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(100 * 2 ** 20),
        },
        payload: body,
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toEqual({ message: PRESCRIPTION_TOO_LARGE_MESSAGE });
    });
  });

  // A second file was dropped without a word, and the patient believed both pages sent.
  it('refuses a form with a second file with 413, storing nothing', async () => {
    await storingNothing(async (headers) => {
      const form = new FormData();
      for (const name of ['page-1.pdf', 'page-2.pdf'])
        form.append('file', new Blob([PDF_SCAN], { type: 'application/pdf' }), name);
      const encoded = new Response(form);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/prescriptions',
        headers: { ...headers, 'content-type': encoded.headers.get('content-type')! },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'The form has more fields or files than this call takes.' });
    });
  });

  it('answers a form it cannot read with 400, storing nothing', async () => {
    await storingNothing(async (headers) => {
      const form = await multipart(
        {},
        { field: 'file', content: PDF_SCAN, filename: 'p.pdf', type: 'application/pdf' },
      );
      const [contentType] = [form.headers['content-type']];
      const bodies = [
        { 'content-type': 'multipart/form-data', payload: form.payload },
        { 'content-type': 'multipart/form-data; boundary=absent', payload: form.payload },
        { 'content-type': contentType, payload: form.payload.subarray(0, form.payload.length - 60) },
      ];
      for (const { payload, ...type } of bodies) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/prescriptions',
          headers: { ...headers, ...type },
          payload,
        });
        expect(response.statusCode, type['content-type']).toBe(400);
        expect(response.json().message).toBe(
          'The form could not be read. Send the prescription as multipart/form-data.',
        );
      }
    });
  });

  it('keeps a patient to their allowance of unused prescriptions, freed as unused ones are removed', async () => {
    const { headers, user } = await createTestUser(ctx);
    for (let n = 0; n < PRESCRIPTION_UNUSED_MAX_FILES; n += 1)
      expect((await uploadPrescription(ctx, headers, PDF_SCAN)).statusCode).toBe(201);
    const over = await uploadPrescription(ctx, headers, PDF_SCAN);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: PRESCRIPTION_QUOTA_MESSAGE });
    const own = () => ctx.database.db.select().from(prescriptions).where(eq(prescriptions.userId, user.id));
    expect(await own()).toHaveLength(PRESCRIPTION_UNUSED_MAX_FILES);

    // Only those uploaded before the cut-off go, with their files.
    expect(await removeUnusedPrescriptions(ctx.database.db, new Date(0))).toBe(0);
    const [kept] = await own();
    expect(await removeUnusedPrescriptions(ctx.database.db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(
      PRESCRIPTION_UNUSED_MAX_FILES,
    );
    expect(await own()).toHaveLength(0);
    expect(await getFile(ctx.database.db, prescriptionFilePath(kept!.id))).toBeUndefined();
    expect((await uploadPrescription(ctx, headers, PDF_SCAN)).statusCode).toBe(201);
  });

  it('counts a prescription whose orders were all canceled, so orders left unpaid cannot fill the disk', async () => {
    const { headers, user } = await createTestUser(ctx);
    const sentWith = async (prescriptionId: string, status: OrderStatus) =>
      ctx.database.db.insert(orders).values({ userId: user.id, totalCents: 100, prescriptionId, status }).returning();
    const uploaded: string[] = [];
    for (let n = 0; n < PRESCRIPTION_UNUSED_MAX_FILES; n += 1) {
      const upload = await uploadPrescription(ctx, headers, PDF_SCAN);
      expect(upload.statusCode).toBe(201);
      uploaded.push(prescriptionResponseSchema.parse(upload.json()).prescription._id);
      // Sent with an order that was then canceled: left unpaid, or refused by the pharmacist.
      await sentWith(uploaded.at(-1)!, ORDER_STATUS.canceled);
    }
    const over = await uploadPrescription(ctx, headers, PDF_SCAN);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: PRESCRIPTION_QUOTA_MESSAGE });

    // One held only by an order awaiting its payment still counts: the expiry cancels that order in a day.
    const [unpaid] = await sentWith(uploaded[0]!, ORDER_STATUS.pending);
    const stillOver = await uploadPrescription(ctx, headers, PDF_SCAN);
    expect(stillOver.statusCode).toBe(409);
    expect(stillOver.json()).toEqual({ message: PRESCRIPTION_QUOTA_MESSAGE });

    // Once that order is paid it stands: the prescription is the patient's record, and no longer counted.
    await ctx.database.db.update(orders).set({ paymentStatus: PAYMENT_STATUS.paid }).where(eq(orders.id, unpaid!.id));
    expect((await uploadPrescription(ctx, headers, PDF_SCAN)).statusCode).toBe(201);
  });

  it('counts prescriptions sent with unpaid orders, so unpaid orders cannot carry the patient past the allowance', async () => {
    const { headers } = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { prescriptionRequired: true, stock: 20 });
    for (let n = 0; n < PRESCRIPTION_UNUSED_MAX_FILES; n += 1) {
      const upload = await uploadPrescription(ctx, headers, PDF_SCAN);
      expect(upload.statusCode).toBe(201);
      const prescriptionId = prescriptionResponseSchema.parse(upload.json()).prescription._id;
      await addToCart(ctx, headers, medicine.id);
      const order = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/add-order',
        headers,
        payload: { prescriptionId },
      });
      expect(order.statusCode, order.body).toBe(201);
    }
    const over = await uploadPrescription(ctx, headers, PDF_SCAN);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: PRESCRIPTION_QUOTA_MESSAGE });
  });

  it('reads a bounded number of uploads at once, answering the next with 503 and Retry-After', async () => {
    const { headers } = await createTestUser(ctx);
    const type = { 'content-type': 'multipart/form-data; boundary=x' };
    const bodies = Array.from({ length: MAX_UPLOADS_IN_FLIGHT }, () => new PassThrough());
    const held = bodies.map((body) => {
      body.write('--x\r\nContent-Disposition: form-data; name="file"; filename="p.pdf"\r\n\r\n');
      return ctx.app.inject({
        method: 'POST',
        url: '/api/prescriptions',
        headers: { ...headers, ...type },
        payload: body,
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const busy = await uploadPrescription(ctx, headers, PDF_SCAN);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');

    for (const body of bodies) body.end(Buffer.concat([PDF_SCAN, Buffer.from('\r\n--x--\r\n')]));
    expect((await Promise.all(held)).map((response) => response.statusCode)).toEqual(
      Array(MAX_UPLOADS_IN_FLIGHT).fill(201),
    );
    expect((await uploadPrescription(ctx, headers, PDF_SCAN)).statusCode).toBe(201);
  });

  it('needs a login', async () => {
    expect((await uploadPrescription(ctx, {}, PDF_SCAN)).statusCode).toBe(401);
  });
});

describe('reading prescriptions', () => {
  it('lists a shopper’s own, and everyone’s to staff', async () => {
    const owner = await createTestUser(ctx);
    const other = await createTestUser(ctx);
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const mine = prescriptionResponseSchema.parse((await uploadPrescription(ctx, owner.headers, PDF_SCAN)).json());
    await uploadPrescription(ctx, other.headers, PDF_SCAN);
    const list = async (headers: { authorization: string }) =>
      prescriptionsResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/prescriptions', headers })).json(),
      ).prescriptions;
    expect(await list(owner.headers)).toEqual([mine.prescription]);
    const all = await list(pharmacist.headers);
    expect(all).toHaveLength(await storedCount());
    expect((await ctx.app.inject({ method: 'GET', url: '/api/prescriptions' })).statusCode).toBe(401);
  });

  it('serves the file to its owner, pharmacists and admins only, never to be cached, recording staff views', async () => {
    const owner = await createTestUser(ctx);
    const other = await createTestUser(ctx);
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const { prescription } = prescriptionResponseSchema.parse(
      (await uploadPrescription(ctx, owner.headers, PDF_SCAN)).json(),
    );
    for (const reader of [owner, pharmacist, admin]) {
      const response = await readFile(prescription._id, reader.headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe(PRIVATE_ANSWER);
      expect(response.rawPayload.equals((await stripPdf(PDF_SCAN))!)).toBe(true);
    }
    for (const [headers, status] of [
      [other.headers, 404],
      [{}, 401],
    ] as const) {
      const response = await readFile(prescription._id, headers);
      expect(response.statusCode).toBe(status);
      expect(String(response.headers['cache-control'] ?? '')).not.toMatch(/public|max-age=[1-9]/);
      expect(response.body).not.toContain('%PDF');
    }
    const views = await ctx.database.db
      .select()
      .from(prescriptionViews)
      .where(eq(prescriptionViews.prescriptionId, prescription._id));
    expect(views.map((view) => view.viewerId).sort()).toEqual([pharmacist.user.id, admin.user.id].sort());
    for (const id of ['not-an-id', '00000000-0000-4000-8000-000000000000', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await readFile(id, admin.headers)).statusCode).toBe(404);
    }
  });

  it('records no staff view for a HEAD of the file, which sends no file: it is no route (404)', async () => {
    const owner = await createTestUser(ctx);
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const { prescription } = prescriptionResponseSchema.parse(
      (await uploadPrescription(ctx, owner.headers, PDF_SCAN)).json(),
    );
    const response = await ctx.app.inject({
      method: 'HEAD',
      url: `/api/prescriptions/${prescription._id}/file`,
      headers: pharmacist.headers,
    });
    expect(response.statusCode).toBe(404);
    const views = await ctx.database.db
      .select()
      .from(prescriptionViews)
      .where(eq(prescriptionViews.prescriptionId, prescription._id));
    expect(views).toEqual([]);
  });

  it("serves the file as a document that can run no script in the shop's origin, and still opens as its type", async () => {
    const { headers } = await createTestUser(ctx);
    for (const [content, type, name] of [
      [PDF_SCAN, 'application/pdf', 'prescription.pdf'],
      [await photoWithGps(), 'image/jpeg', 'prescription.jpg'],
      [
        await sharp(await pngImage())
          .webp()
          .toBuffer(),
        'image/webp',
        'prescription.webp',
      ],
    ] as const) {
      const { prescription } = prescriptionResponseSchema.parse(
        (await uploadPrescription(ctx, headers, content)).json(),
      );
      const response = await readFile(prescription._id, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      const policy = String(response.headers['content-security-policy']).split(/;\s*/);
      // A sandbox without allow-scripts or allow-same-origin: no script runs, and none in the shop's origin.
      expect(policy).toContain('sandbox');
      expect(policy).toContain("default-src 'none'");
      expect(policy.join(';')).not.toMatch(/script-src|allow-/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(`inline; filename="${name}"`);
      expect(response.headers['cache-control']).toBe(PRIVATE_ANSWER);
      expect(
        response.rawPayload.equals((await getFile(ctx.database.db, prescriptionFilePath(prescription._id)))!.body),
      ).toBe(true);
    }
  });

  it('goes with its owner: deleting the user removes the prescriptions and their files', async () => {
    const owner = await createTestUser(ctx);
    const other = await createTestUser(ctx);
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const upload = async (headers: { authorization: string }) =>
      prescriptionResponseSchema.parse((await uploadPrescription(ctx, headers, PDF_SCAN)).json()).prescription;
    const [first, second, kept] = [
      await upload(owner.headers),
      await upload(owner.headers),
      await upload(other.headers),
    ];

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${owner.user.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    for (const gone of [first, second]) {
      expect(await getFile(ctx.database.db, prescriptionFilePath(gone._id))).toBeUndefined();
      expect(await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, gone._id))).toEqual([]);
    }
    expect(
      (await getFile(ctx.database.db, prescriptionFilePath(kept._id)))?.body.equals((await stripPdf(PDF_SCAN))!),
    ).toBe(true);
  });
});
