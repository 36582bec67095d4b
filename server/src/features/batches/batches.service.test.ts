import { ROLE } from '@apotheca/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { recordingCatalogue } from '../medicines/medicines.fixtures';
import { medicineWithBatches } from './batches.fixtures';
import { addBatch, adjustBatch, recallBatch, setReorderLevel, writeOffBatch } from './batches.service';

const ctx = useTestContext();
let admin: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  admin = await createTestUser(ctx, { role: ROLE.admin });
});

it('makes the catalogue forget a medicine once each change to its batches commits, whoever calls it', async () => {
  const { catalogue, invalidated } = recordingCatalogue();
  const db = ctx.database.db;
  const actorId = admin.user.id;
  const { medicine, ids } = await medicineWithBatches(ctx, admin.headers, [
    { lot: 'A', expiresOn: '2099-01-01', quantity: 5 },
    { lot: 'B', expiresOn: '2099-02-01', quantity: 5 },
  ]);
  const delivered = await addBatch(
    db,
    catalogue,
    medicine.id,
    { lot: 'C', expiresOn: '2099-03-01', quantity: 4 },
    actorId,
  );
  await adjustBatch(
    db,
    catalogue,
    { medicineId: medicine.id, batchId: ids.A!, actorId },
    { quantity: 3, reason: 'Counted again' },
  );
  await writeOffBatch(db, catalogue, { medicineId: medicine.id, batchId: ids.B!, actorId }, 'Damaged');
  await recallBatch(db, catalogue, { medicineId: medicine.id, batchId: delivered._id, actorId }, 'Contaminated');
  expect(invalidated).toEqual([[medicine.id], [medicine.id], [medicine.id], [medicine.id]]);
  // A refused change and a reorder level (no part of the catalogue's answers) make it forget nothing.
  await expect(
    addBatch(db, catalogue, medicine.id, { lot: 'C', expiresOn: '2099-03-01', quantity: 1 }, actorId),
  ).rejects.toMatchObject({ statusCode: 409 });
  await setReorderLevel(db, medicine.id, 7, actorId);
  expect(invalidated).toHaveLength(4);
});
