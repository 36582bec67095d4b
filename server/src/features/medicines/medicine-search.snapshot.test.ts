import { medicineListQuerySchema } from '@apotheca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import type { CatalogueCache } from './catalogue-cache.service';
import { createMedicineSearch } from './medicine-search.service';
import { insertMedicine } from './medicines.fixtures';

// After orders, the search snapshot is patched with the stock of just the medicines they bought
// (docs/decisions/0034, kept by 0073). Over random streams of orders, every list a shopper can ask for must be
// what a snapshot rebuilt from the whole table answers.

const ctx = useTestContext();
let shoppers: { authorization: string }[] = [];
beforeAll(async () => {
  shoppers = await Promise.all([0, 1, 2].map(async () => (await createTestUser(ctx)).headers));
});

/** Eight medicines of each stream's own, with 2 to 4 units: ids and the units left, as the stream buys them. */
async function streamMedicines(seed: number) {
  const ids: string[] = [];
  const left: number[] = [];
  for (let i = 0; i < 8; i++) {
    left.push(2 + (i % 3));
    const medicine = await insertMedicine(ctx, {
      name: `Streamol-${seed}-${i}`,
      activeIngredient: i % 2 ? 'Paracetamol' : 'Ibuprofen',
      developedBy: i % 3 ? 'Teva' : 'Haleon',
      priceCents: 200 + i * 75,
      stock: left[i],
    });
    ids.push(medicine.id);
  }
  return { ids, left };
}

/** A seeded generator, so that a failing stream can be run again as it was. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) % below;
  };
}

const LISTS: Record<string, string>[] = [
  { sort: 'in_stock' },
  { sort: 'out_of_stock', limit: '3', page: '2' },
  { inStock: 'true' },
  { inStock: 'false', sort: 'price_desc' },
  { q: 'streamol', inStock: 'true', developedBy: 'Teva' },
  { q: 'paracetml', sort: 'in_stock' },
];

/** A snapshot built now from the whole table: a catalogue that never names what changed. */
const rebuilt = () =>
  createMedicineSearch(ctx.database.db, {
    generation: () => 0,
    changedSince: () => undefined,
  } as unknown as CatalogueCache);

describe('the search snapshot patched after orders', () => {
  it.each([1, 2, 3])(
    'answers as one rebuilt from the table, over a random stream of orders (seed %i)',
    async (seed) => {
      const next = random(seed);
      const { ids, left } = await streamMedicines(seed);
      for (let round = 0; round < 6; round++) {
        for (let order = 1 + next(3); order > 0; order--) {
          const headers = shoppers[next(shoppers.length)]!;
          const inStock = ids.flatMap((id, i) => (left[i]! > 0 ? [i] : []));
          if (inStock.length === 0) break;
          const i = inStock[next(inStock.length)]!;
          const quantity = 1 + next(left[i]!);
          await addToCart(ctx, headers, ids[i]!, quantity);
          const placed = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
          expect(placed.statusCode).toBe(201);
          left[i]! -= quantity;
        }
        const fresh = rebuilt();
        for (const query of LISTS) {
          const url = `/api/medicines?${new URLSearchParams(query).toString()}`;
          const patched = await ctx.app.inject({ method: 'GET', url });
          expect(JSON.parse(patched.body), url).toEqual(
            JSON.parse(await fresh.list(medicineListQuerySchema.parse(query))),
          );
        }
      }
    },
  );
});
