import { medicineListResponseSchema, medicineSuggestionsResponseSchema } from '@apotheca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { medicines } from '../../db/schema';
import { SEED_CATALOGUE } from '../../startup/seed-catalogue';
import { useTestContext } from '../../test/test-context';
import { receiveFirstBatches } from '../stock/stock.service';

// The search's relevance set: what a shopper types into the shop's own catalogue and what must come
// first, for the list and for the header box's suggestions alike. Whatever answers search must pass
// it as it stands; a change to an expectation here is a change to what shoppers get.

const ctx = useTestContext();
beforeAll(async () => {
  const rows = SEED_CATALOGUE.flatMap(({ products, ...generic }) =>
    products.map(([name, developedBy, strength, priceCents]) => ({
      ...generic,
      name,
      developedBy,
      strength,
      priceCents,
      imageUrl: 'https://images.example.test/med.png',
    })),
  );
  const added = await ctx.database.db
    .insert(medicines)
    .values(rows)
    .returning({ id: medicines.id, maxMonthsExpiry: medicines.maxMonthsExpiry });
  await receiveFirstBatches(
    ctx.database.db,
    added.map(({ id, maxMonthsExpiry }) => ({ medicineId: id, maxMonthsExpiry, quantity: 10 })),
  );
});

/** What the first answer must be: the medicine of that name, or one of that ingredient, maker or category. */
type First = { name: string } | { activeIngredient: string } | { developedBy: string } | { category: string };

const FIRST: [kind: string, q: string, first: First][] = [
  // One edit: a letter dropped, doubled or wrong.
  ['one edit', 'paracetmol', { name: 'Paracetamol' }],
  ['one edit', 'amoxicilin', { name: 'Amoxicillin' }],
  ['one edit', 'ibuprofn', { name: 'Ibuprofen' }],
  ['one edit', 'atorvastatn', { name: 'Atorvastatin' }],
  ['one edit', 'azithromicin', { name: 'Azithromycin' }],
  ['one edit', 'losarten', { name: 'Losartan' }],
  ['one edit', 'sertralin', { name: 'Sertraline' }],
  ['one edit', 'levothyroxin', { name: 'Levothyroxine' }],
  ['one edit', 'clopidogrl', { name: 'Clopidogrel' }],
  ['one edit', 'warfrin', { name: 'Warfarin' }],
  ['one edit', 'rosuvastatn', { name: 'Rosuvastatin' }],
  ['one edit', 'paracetamool', { name: 'Paracetamol' }],
  ['one edit', 'escitalopran', { name: 'Escitalopram' }],
  ['one edit', 'hydroclorothiazide', { name: 'Hydrochlorothiazide' }],
  ['one edit', 'insuln', { activeIngredient: 'Insulin aspart' }],
  // Two edits.
  ['two edits', 'amoxcilin', { name: 'Amoxicillin' }],
  // Two letters swapped.
  ['swapped', 'metfromin', { name: 'Metformin' }],
  ['swapped', 'atrovastatin', { name: 'Atorvastatin' }],
  ['swapped', 'ibuprfoen', { name: 'Ibuprofen' }],
  ['swapped', 'metofrmin', { name: 'Metformin' }],
  ['swapped', 'amlodpiine', { name: 'Amlodipine' }],
  // Brands, as written and mistyped.
  ['brand', 'panadol', { name: 'Panadol' }],
  ['brand', 'lipitor', { name: 'Lipitor' }],
  ['brand', 'augmentin', { name: 'Augmentin' }],
  ['brand', 'zithromax', { name: 'Zithromax' }],
  ['brand', 'nurofen', { name: 'Nurofen' }],
  ['brand', 'voltaren', { name: 'Voltaren-Emulgel' }],
  ['brand', 'crestor', { name: 'Crestor' }],
  ['brand', 'norvasc', { name: 'Norvasc' }],
  ['brand', 'glucophage', { name: 'Glucophage' }],
  ['brand', 'lantus', { name: 'Lantus' }],
  ['brand', 'prozac', { name: 'Prozac' }],
  ['brand', 'eliquis', { name: 'Eliquis' }],
  ['brand', 'xarelto', { name: 'Xarelto' }],
  ['brand', 'synthroid', { name: 'Synthroid' }],
  ['brand', 'augmentn', { name: 'Augmentin' }],
  ['brand', 'zithromx', { name: 'Zithromax' }],
  ['brand', 'panadool', { name: 'Panadol' }],
  // Ingredients, one word or two.
  ['ingredient', 'amoxicillin', { name: 'Amoxicillin' }],
  ['ingredient', 'metformin', { name: 'Metformin' }],
  ['ingredient', 'atorvastatin', { name: 'Atorvastatin' }],
  ['ingredient', 'clavulanic', { activeIngredient: 'Amoxicillin + Clavulanic acid' }],
  ['ingredient', 'insulin glargine', { name: 'Insulin-Glargine' }],
  ['ingredient', 'glyceryl trinitrate', { activeIngredient: 'Glyceryl trinitrate' }],
  ['ingredient', 'fusidic acid', { activeIngredient: 'Fusidic acid' }],
  // Strengths, where a name carries them, alone or after the medicine.
  ['strength', '650', { activeIngredient: 'Paracetamol' }],
  ['strength', 'paracetamol 650', { name: 'Paracetamol-650' }],
  ['strength', 'metformin 850', { name: 'Metformin-850' }],
  ['strength', '1000', { activeIngredient: 'Metformin' }],
  ['strength', 'lipitor 40', { name: 'Lipitor-40' }],
  ['strength', 'glucophage 1000', { name: 'Glucophage-1000' }],
  // Forms, as a name or the form field carries them.
  ['form', 'gel', { name: 'Diclofenac-Gel' }],
  // Named a syrup and sold as one, before Brufen-Syrup, a suspension (docs/decisions/0107).
  ['form', 'syrup', { name: 'Paracetamol-Syrup' }],
  ['form', 'drops', { name: 'Crocin-Drops' }],
  ['form', 'suspension', { activeIngredient: 'Amoxicillin' }],
  ['form', 'cream', { name: 'Fusidic-Acid-Cream' }],
  ['form', 'spray', { name: 'GTN-Spray' }],
  ['form', 'ibuprofen gel', { name: 'Ibuprofen-Gel' }],
  // Makers and categories.
  ['maker', 'pfizer', { developedBy: 'Pfizer' }],
  ['maker', 'glaxo', { developedBy: 'GlaxoSmithKline' }],
  ['maker', 'sun pharma', { developedBy: 'Sun Pharma' }],
  ['maker', 'haleon', { developedBy: 'Haleon' }],
  ['category', 'antibiotic', { category: 'Antibiotic' }],
  ['category', 'cholesterol', { category: 'Cholesterol Medicine' }],
  ['category', 'thyroid', { category: 'Thyroid Medicine' }],
  ['category', 'diabetes', { category: 'Diabetes Medicine' }],
  // Prefixes while typing.
  ['prefix', 'amox', { name: 'Amoxicillin' }],
  ['prefix', 'parac', { name: 'Paracetamol' }],
  ['prefix', 'ator', { activeIngredient: 'Atorvastatin' }],
  ['prefix', 'ibu', { activeIngredient: 'Ibuprofen' }],
  ['prefix', 'lipi', { name: 'Lipitor' }],
  ['prefix', 'metf', { name: 'Metformin' }],
  ['prefix', 'glucoph', { name: 'Glucophage' }],
  ['prefix', 'zith', { name: 'Zithromax' }],
];

// Words of no medicine, too short to be a typo of one, and two words no one medicine has together.
const NOTHING = ['xyzzy', 'qqq', 'zz', 'chocolate', 'bicycle', '999', 'paracetamol insulin'];

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

// A strength as a box shows it, after the name: with or without a space or a unit, in another unit of
// mass, and the form after it. Only the medicines of that strength and form are found (the name's
// others are other medicines), and the one of that very name first.
const BY_STRENGTH: [q: string, first: string, all: string[]][] = [
  ['metformin 500 mg', 'Metformin', ['Metformin', 'Glucophage', 'Glycomet']],
  ['paracetamol 500', 'Paracetamol', ['Paracetamol', 'Panadol', 'Crocin', 'Tylenol', 'Pyrigesic']],
  ['ibuprofen 200mg', 'Ibuprofen', ['Ibuprofen', 'Nurofen', 'Advil']],
  ['IBUPROFEN 400 MG', 'Ibuprofen-400', ['Brufen', 'Nurofen-Express', 'Ibuprofen-400']],
  ['metformin 1 g', 'Glucophage-1000', ['Glucophage-1000', 'Glycomet-1000']],
  ['ibuprofen 5%', 'Ibuprofen-Gel', ['Ibuleve', 'Nurofen-Gel', 'Ibuprofen-Gel']],
  ['paracetamol 120 mg/5 ml', 'Paracetamol-Syrup', ['Calpol', 'Panadol-Baby', 'Paracetamol-Syrup']],
  ['metformn 850mg', 'Metformin-850', ['Metformin-850', 'Glucophage-850']],
  // An amount per millilitre or per dose, as written on the box.
  ['lantus 100 units/ml', 'Lantus', ['Lantus']],
  ['paracetamol drops 100 mg/ml', 'Paracetamol-Drops', ['Crocin-Drops', 'Paracetamol-Drops']],
  ['glyceryl trinitrate 400 mcg/dose', 'GTN-Spray', ['Nitrolingual', 'GTN-Spray']],
  // A number only begun is a strength on its way, not the 5 mL a syrup's strength is given in.
  ['paracetamol 5', 'Paracetamol', ['Paracetamol', 'Panadol', 'Crocin', 'Tylenol', 'Pyrigesic']],
  // The form as the box names it, whether the name carries it or not (Ibuleve is a gel, Calpol a syrup).
  ['paracetamol 500 mg tablets', 'Paracetamol', ['Paracetamol', 'Panadol', 'Crocin', 'Tylenol', 'Pyrigesic']],
  ['ibuprofen gel', 'Ibuprofen-Gel', ['Ibuleve', 'Nurofen-Gel', 'Ibuprofen-Gel']],
  ['paracetamol syrup', 'Paracetamol-Syrup', ['Calpol', 'Panadol-Baby', 'Paracetamol-Syrup']],
];

describe('the relevance set', () => {
  it.each(FIRST)('%s: %s finds %o first, in the list and the suggestions', async (_kind, q, first) => {
    const list = await get(`/api/medicines?q=${encodeURIComponent(q)}&limit=1`);
    expect(list.statusCode).toBe(200);
    const [found] = medicineListResponseSchema.parse(list.json()).medicines;
    expect(found).toMatchObject(first);
    // The box shows no maker or category: it must begin with the list's first medicine.
    const box = await get(`/api/medicines/suggestions?q=${encodeURIComponent(q)}`);
    expect(medicineSuggestionsResponseSchema.parse(box.json()).suggestions[0]).toMatchObject({ name: found!.name });
  });

  it.each(NOTHING)('%s finds nothing', async (q) => {
    const { medicines: found, total } = medicineListResponseSchema.parse(
      (await get(`/api/medicines?q=${encodeURIComponent(q)}`)).json(),
    );
    expect({ found, total }).toEqual({ found: [], total: 0 });
    expect((await get(`/api/medicines/suggestions?q=${encodeURIComponent(q)}`)).json()).toEqual({ suggestions: [] });
  });

  it.each(BY_STRENGTH)('%s finds that strength and form only, %s first', async (q, first, all) => {
    const list = medicineListResponseSchema.parse((await get(`/api/medicines?q=${encodeURIComponent(q)}`)).json());
    expect(list.medicines[0]?.name).toBe(first);
    expect(list.medicines.map(({ name }) => name).sort()).toEqual([...all].sort());
    const box = await get(`/api/medicines/suggestions?q=${encodeURIComponent(q)}`);
    expect(medicineSuggestionsResponseSchema.parse(box.json()).suggestions[0]).toMatchObject({ name: first });
  });

  it('a strength no medicine of the name has finds none of its other strengths', async () => {
    const { total } = medicineListResponseSchema.parse((await get('/api/medicines?q=metformin%20750%20mg')).json());
    expect(total).toBe(0);
  });
});
