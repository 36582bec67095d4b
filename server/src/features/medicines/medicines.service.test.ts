import { ROLE } from '@apotheca/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { addressList } from '../../lib/public-address';
import { importCatalogue } from './medicine-import.service';
import { insertMedicine, pngImage, recordingCatalogue, validMedicineFields } from './medicines.fixtures';
import { addMedicine, deleteMedicine, updateMedicine } from './medicines.service';

const ctx = useTestContext();
let actorId: string;
beforeAll(async () => {
  actorId = (await createTestUser(ctx, { role: ROLE.admin })).user.id;
});

it('makes the catalogue forget everything once each write of a medicine commits, whoever calls it', async () => {
  const { catalogue, invalidated } = recordingCatalogue();
  const db = ctx.database.db;
  const image = { field: 'medicine_img', content: await pngImage() };
  const added = await addMedicine(db, catalogue, { fields: validMedicineFields, image }, actorId);
  expect(invalidated).toEqual([undefined]);
  const form = { fields: { ...validMedicineFields, price: '5.99' } };
  await updateMedicine(db, catalogue, added._id, form, { ifMatch: undefined, appUrl: 'http://localhost', actorId });
  expect(invalidated).toEqual([undefined, undefined]);
  // A refused write changes nothing, and the catalogue keeps what it holds.
  await expect(
    updateMedicine(
      db,
      catalogue,
      added._id,
      { fields: { ...form.fields, version: '999' } },
      {
        ifMatch: undefined,
        appUrl: 'http://localhost',
        actorId,
      },
    ),
  ).rejects.toMatchObject({ statusCode: 409 });
  await deleteMedicine(db, catalogue, added._id, actorId);
  expect(invalidated).toEqual([undefined, undefined, undefined]);
});

it('makes the catalogue forget everything after a real import that wrote rows, never after a dry run', async () => {
  const { catalogue, invalidated } = recordingCatalogue();
  const medicine = await insertMedicine(ctx, { priceCents: 499 });
  const file = Buffer.from(`_id,price\n${medicine.id},7.25\n`);
  const options = { appUrl: 'http://localhost', actorId, allowedPrivate: addressList([]), catalogue };
  expect(await importCatalogue(ctx.database.db, file, { ...options, dryRun: true })).toMatchObject({ updated: 1 });
  expect(invalidated).toEqual([]);
  expect(await importCatalogue(ctx.database.db, file, { ...options, dryRun: false })).toMatchObject({ updated: 1 });
  expect(invalidated).toEqual([undefined]);
  // The same file again changes nothing, and nothing is forgotten.
  expect(await importCatalogue(ctx.database.db, file, { ...options, dryRun: false })).toMatchObject({ unchanged: 1 });
  expect(invalidated).toEqual([undefined]);
});
