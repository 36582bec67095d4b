import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { batches, medicines } from '../../db/schema';
import { receiveFirstBatches } from '../stock/stock.service';
import type { CatalogueWriter } from './catalogue-cache.service';
import { medicineColumns, type MedicineRow } from './medicines.service';
import type { TestContext } from '../../test/test-app';

// Shared by the medicine, cart and order tests: catalogue rows straight in the database, and
// multipart bodies as a browser's FormData would send them.

/** A medicine with `stock` units (10 unless said) in one batch expiring its shelf life from today. */
export async function insertMedicine(
  ctx: TestContext,
  { stock = 10, ...values }: Partial<typeof medicines.$inferInsert> & { stock?: number } = {},
): Promise<MedicineRow> {
  const [row] = await ctx.database.db
    .insert(medicines)
    .values({
      name: `Med-${randomUUID().slice(0, 8)}`,
      developedBy: 'Test Labs',
      maxMonthsExpiry: 24,
      category: 'Pain Relief',
      priceCents: 1250,
      imageUrl: 'https://images.example.test/med.png',
      ...values,
    })
    .returning();
  await receiveFirstBatches(ctx.database.db, [
    { medicineId: row!.id, maxMonthsExpiry: row!.maxMonthsExpiry, quantity: stock },
  ]);
  return { ...row!, stock };
}

/** Sets the units of a medicine's one batch (as insertMedicine makes it), as a sale elsewhere would. */
export async function setStock(ctx: TestContext, medicineId: string, quantity: number): Promise<void> {
  await ctx.database.db.update(batches).set({ quantity }).where(eq(batches.medicineId, medicineId));
}

/** A medicine's row as the API reads it, with its sellable stock. */
export const storedMedicine = async (ctx: TestContext, id: string): Promise<MedicineRow | undefined> =>
  (await ctx.database.db.select(medicineColumns).from(medicines).where(eq(medicines.id, id)))[0];

/** The add form's text fields, valid as they stand. */
export const validMedicineFields = {
  name: 'Paracetamol-XR',
  developedBy: 'Acme Pharma',
  maxMonthsExpiry: '24',
  category: 'Pain Relief',
  stock: '15',
  price: '4.99',
};

/** The add form's fields for a medicine of its own name, which no other medicine is (docs/decisions/0130). */
export const uniqueMedicineFields = () => ({ ...validMedicineFields, name: `Med-${randomUUID().slice(0, 8)}` });

export const pngImage = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 150 } } })
    .png()
    .toBuffer();

/** A PNG chunk: its length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const BLANK_PNG_STRETCH_BYTES = 1024 * 1024;

/**
 * A whole, valid black PNG of `width` × `height` pixels that is small on disk: one bit a pixel, every
 * row alike, compressed as it is made, so a test of a picture too large in pixels needs neither its
 * memory nor its time.
 */
export async function blankPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 1, greyscale, deflate, the adaptive filters, not interlaced.
  header.set([1, 0, 0, 0, 0], 8);
  // A row is its filter byte (none) and its pixels, eight a byte; all zero, and written a stretch of
  // rows at a time.
  const rowBytes = 1 + Math.ceil(width / 8);
  const rowsAtOnce = Math.max(1, Math.floor(BLANK_PNG_STRETCH_BYTES / rowBytes));
  const stretch = Buffer.alloc(rowBytes * rowsAtOnce);
  const deflate = createDeflate();
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = once(deflate, 'end');
  for (let y = 0; y < height; y += rowsAtOnce) {
    const rows = Math.min(rowsAtOnce, height - y);
    if (!deflate.write(stretch.subarray(0, rows * rowBytes))) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

type FormFile = { field: string; content: Buffer; filename: string; type: string };

/** The add and update forms' image field, holding `content` as a browser sends a chosen .png file. */
export const pngUpload = (content: Buffer, filename: string): FormFile => ({
  field: 'medicine_img',
  content,
  filename,
  type: 'image/png',
});

export async function multipart(fields: Record<string, string>, file?: FormFile) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([file.content], { type: file.type }), file.filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** A form sent as a browser sends it: `fields` (and `file`) as multipart, beside the caller's `headers`. */
export async function sendForm(
  ctx: TestContext,
  method: 'POST' | 'PATCH',
  url: string,
  headers: { authorization?: string },
  ...form: Parameters<typeof multipart>
) {
  const { payload, headers: formHeaders } = await multipart(...form);
  return ctx.app.inject({ method, url, payload, headers: { ...formHeaders, ...headers } });
}

/** A catalogue cache that records what each write told it to forget (undefined: everything). */
export function recordingCatalogue() {
  const invalidated: (string[] | undefined)[] = [];
  const catalogue: CatalogueWriter = {
    invalidate: (ids) => {
      invalidated.push(ids);
      return Promise.resolve();
    },
  };
  return { catalogue, invalidated };
}
