import { medicineListQuerySchema, medicineListResponseSchema } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { SEED_CATALOGUE } from '../../startup/seed-catalogue';
import type { CatalogueCache } from './catalogue-cache.service';
import { createMedicineSearch } from './medicine-search.service';
import type { MedicineRow } from './medicines.service';

/** A database whose reads of the medicines table finish when the test says, with the rows it gives. */
function slowDatabase() {
  const reads: ((rows: MedicineRow[]) => void)[] = [];
  const db = {
    select: () => ({
      from: () => new Promise<MedicineRow[]>((resolve) => reads.push(resolve)),
    }),
  } as unknown as Db;
  return { db, reads };
}

/** The demo catalogue's first medicine, renamed `name`, as the database reads it. */
function medicine(name: string): MedicineRow {
  const { products, ...generic } = SEED_CATALOGUE[0]!;
  const [, developedBy, strength, priceCents, stock] = products[0]!;
  const created = new Date('2026-11-01T00:00:00Z');
  return {
    ...generic,
    name,
    developedBy,
    strength,
    priceCents,
    stock,
    id: '00000000-0000-4000-8000-000000000001',
    reorderLevel: 10,
    imageUrl: 'https://images.example.test/med.png',
    imageSourceUrl: null,
    maxPerOrder: null,
    createdAt: created,
    updatedAt: created,
    version: 1,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the search snapshot', () => {
  it('answers a search asked after a write with the write, even when a reload began before it', async () => {
    const { db, reads } = slowDatabase();
    let generation = 1;
    // A change that names no medicine: the whole table is read again.
    const catalogue = { generation: () => generation, changedSince: () => undefined } as unknown as CatalogueCache;
    const search = createMedicineSearch(db, catalogue);
    const filter = medicineListQuerySchema.parse({ q: 'paracetamol' });
    const names = async (body: Promise<string>) =>
      medicineListResponseSchema.parse(JSON.parse(await body)).medicines.map((m) => m.name);

    const before = names(search.list(filter));
    await tick();
    // The reload has read nothing yet when an admin renames the medicine.
    generation = 2;
    const after = names(search.list(filter));
    reads[0]!([medicine('Paracetamol Old')]);
    await tick();
    expect(reads).toHaveLength(2);
    reads[1]!([medicine('Paracetamol New')]);
    expect(await before).toEqual(['Paracetamol Old']);
    expect(await after).toEqual(['Paracetamol New']);
  });
});
