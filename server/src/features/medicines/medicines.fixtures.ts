import { randomUUID } from 'node:crypto';
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
