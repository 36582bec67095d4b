import {
  medicineListResponseSchema,
  medicineResponseSchema,
  medicineSuggestionsResponseSchema,
  newMedicineResponseSchema,
  NOT_STOCKED_IN,
  ROLE,
  SEARCH_QUERY_TOO_LONG_MESSAGE,
  SUBSTITUTES_LIMIT,
  substitutesResponseSchema,
  updatedMedicineResponseSchema,
} from '@apotheca/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openPg } from '../../db/client';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, sendForm, validMedicineFields } from './medicines.fixtures';

// The medicine record, search with facets, suggestions and substitutes, on the catalogue below.

/** The columns of a catalogue row below, in order. */
const COLUMNS = [
  'name',
  'activeIngredient',
  'strength',
  'dosageForm',
  'developedBy',
  'category',
  'priceCents',
  'stock',
  'prescriptionRequired',
] as const;
type Medicine = Required<NonNullable<Parameters<typeof insertMedicine>[1]>>;
type Row<Columns extends readonly (keyof Medicine)[]> = {
  -readonly [I in keyof Columns]: Medicine[Columns[I] & keyof Medicine];
};
const CATALOGUE: Row<typeof COLUMNS>[] = [
  ['Paracetamol', 'Paracetamol', '500 mg', 'Tablet', 'Teva', 'Fever Medicine', 299, 100, false],
  ['Panadol', 'Paracetamol', '500 mg', 'Tablet', 'Haleon', 'Fever Medicine', 549, 50, false],
  ['Crocin', 'Paracetamol', '500mg', 'Tablet', 'Haleon', 'Fever Medicine', 410, 0, false],
  ['Dolo-650', 'Paracetamol', '650 mg', 'Tablet', 'Micro Labs', 'Fever Medicine', 325, 20, false],
  ['Calpol', 'Paracetamol', '120 mg/5 mL', 'Syrup', 'Haleon', 'Fever Medicine', 599, 30, false],
  ['Paracetamolix', 'Caffeine', '50 mg', 'Tablet', 'Teva', 'Pain Relief', 199, 10, false],
  ['Amoxil', 'Amoxicillin', '500 mg', 'Capsule', 'GlaxoSmithKline', 'Antibiotic', 1099, 40, true],
  ['Mox', 'Amoxicillin', '500 mg', 'Capsule', 'Sun Pharma', 'Antibiotic', 699, 40, true],
  [
    'Augmentin',
    'Amoxicillin + Clavulanic acid',
    '500 mg/125 mg',
    'Tablet',
    'GlaxoSmithKline',
    'Antibiotic',
    1899,
    9,
    true,
  ],
  ['Azee', 'Azithromycin', '500 mg', 'Tablet', 'Cipla', 'Antibiotic', 899, 12, true],
  ['Lipitor', 'Atorvastatin', '20 mg', 'Tablet', 'Pfizer', 'Cholesterol Medicine', 1599, 5, true],
];

const ctx = useTestContext();
const { admin } = useTestUsers(ctx, { admin: ROLE.admin });
beforeAll(async () => {
  for (const row of CATALOGUE) {
    await insertMedicine(ctx, Object.fromEntries(COLUMNS.map((column, i) => [column, row[i]])));
  }
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const list = async (query: string) => {
  const response = await get(`/api/medicines?${query}`);
  expect(response.statusCode).toBe(200);
  return medicineListResponseSchema.parse(response.json());
};
const names = async (query: string) => (await list(query)).medicines.map((m) => m.name);
const idOf = async (name: string) => (await list(`q=${name}&limit=100`)).medicines.find((m) => m.name === name)!._id;

describe('search', () => {
  it.each([
    ['paracetmol', 'Paracetamol'],
    ['amoxicilin', 'Amoxicillin'],
    ['atorvastatn', 'Atorvastatin'],
    ['azithromicin', 'Azithromycin'],
    ['amoxcilin', 'Amoxicillin'],
    ['atrovastatin', 'Atorvastatin'],
  ])('finds %s as %s first, despite the typo', async (q, ingredient) => {
    const { medicines } = await list(`q=${q}`);
    expect(medicines[0]?.activeIngredient).toBe(ingredient);
  });

  it('ranks an exact name or ingredient match before a name that only starts with the words', async () => {
    const found = await names('q=paracetamol&limit=100');
    expect(found.indexOf('Paracetamolix')).toBe(found.length - 1);
    expect(found.slice(0, 5).sort()).toEqual(['Calpol', 'Crocin', 'Dolo-650', 'Panadol', 'Paracetamol']);
  });

  it('matches maker and category as well as name and ingredient, and a prefix as it is typed', async () => {
    expect((await names('q=glaxo')).sort()).toEqual(['Amoxil', 'Augmentin']);
    expect((await list('q=cholesterol')).total).toBe(1);
    expect(await names('q=lipi')).toEqual(['Lipitor']);
  });

  it('combines with every filter, sort and page, counting every match in total', async () => {
    const page = await list('q=paracetamol&dosageForm=Tablet&inStock=true&maxPrice=6&sort=price_desc&limit=2&page=1');
    expect(page.total).toBe(4);
    expect(page.medicines.map((m) => m.name)).toEqual(['Panadol', 'Dolo-650']);
    expect(
      (
        await list('q=paracetamol&dosageForm=Tablet&inStock=true&maxPrice=6&sort=price_desc&limit=2&page=2')
      ).medicines.map((m) => m.name),
    ).toEqual(['Paracetamol', 'Paracetamolix']);
    expect(await names('q=amoxicillin&prescriptionRequired=true&developedBy=Sun Pharma')).toEqual(['Mox']);
    expect(
      await names('q=paracetamol&category=Fever Medicine&prescriptionRequired=false&sort=price_asc&limit=1'),
    ).toEqual(['Paracetamol']);
  });

  it('counts facets over the other filters, each facet ignoring its own, as counted by hand', async () => {
    const { facets, total } = await list('q=paracetamol&dosageForm=Tablet&developedBy=Haleon');
    expect(total).toBe(2);
    // Without the form filter: Haleon's Panadol, Crocin (tablets) and Calpol (syrup).
    expect(facets.dosageForm).toEqual([
      { value: 'Tablet', count: 2 },
      { value: 'Syrup', count: 1 },
    ]);
    // Without the maker filter: the paracetamol tablets and Paracetamolix, by maker.
    expect(facets.developedBy).toEqual([
      { value: 'Haleon', count: 2 },
      { value: 'Teva', count: 2 },
      { value: 'Micro Labs', count: 1 },
    ]);
    expect(facets.category).toEqual([{ value: 'Fever Medicine', count: 2 }]);
    expect(facets.prescriptionRequired).toEqual([{ value: 'false', count: 2 }]);
  });

  it('lists facets of the whole catalogue without a search', async () => {
    const { facets, total } = await list('limit=1');
    expect(total).toBe(CATALOGUE.length);
    expect(facets.prescriptionRequired).toEqual([
      { value: 'false', count: 6 },
      { value: 'true', count: 5 },
    ]);
    expect(facets.category[0]).toEqual({ value: 'Fever Medicine', count: 5 });
  });

  it.each(['%', '_', "'", '"', '\\', "'; drop table medicines; --", '%25_%', '\\%'])(
    'searches %s as text: no wildcard, no error',
    async (q) => {
      const { total, medicines } = await list(`q=${encodeURIComponent(q)}`);
      expect(total).toBe(0);
      expect(medicines).toEqual([]);
    },
  );

  it('says of a strength the shop does not stock which strengths the medicine comes in, not that nothing matched', async () => {
    const missing = await list(`q=${encodeURIComponent('paracetamol 750 mg')}`);
    expect(missing.total).toBe(0);
    // Crocin's "500mg" is Panadol's "500 mg"; Paracetamolix (caffeine, its name only begun by the words) is not it.
    expect(missing.otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['120 mg/5 mL', '500 mg', '650 mg'],
    });
    // A strength it has finds it, with nothing to say; nor is anything said of words that match no medicine.
    expect((await list(`q=${encodeURIComponent('paracetamol 650 mg')}`)).otherStrengths).toBeUndefined();
    expect((await list(`q=${encodeURIComponent('zzzz 750 mg')}`)).otherStrengths).toBeUndefined();
    expect((await list('q=paracetamoll')).otherStrengths).toBeUndefined();
  });

  it('offers the strengths within the filters set, or says that the filters leave none and offers the shop’s', async () => {
    const q = `q=${encodeURIComponent('paracetamol 750 mg')}`;
    // Up to $3.50: Paracetamol 500 mg ($2.99) and Dolo-650 ($3.25), not Panadol, Crocin or Calpol.
    expect((await list(`${q}&maxPrice=3.5`)).otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['500 mg', '650 mg'],
    });
    expect((await list(`${q}&dosageForm=Syrup`)).otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['120 mg/5 mL'],
    });
    expect((await list(`${q}&category=Antibiotic`)).otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['120 mg/5 mL', '500 mg', '650 mg'],
      outsideFilters: true,
    });
  });

  it('reads a mistyped name with a strength as the one name it is nearest, not as a misspelling to check', async () => {
    const strengths = ['120 mg/5 mL', '500 mg', '650 mg'];
    expect((await list(`q=${encodeURIComponent('paracetmol 750 mg')}`)).otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths,
    });
    expect((await list(`q=${encodeURIComponent('Paracetamool 750mg')}`)).otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths,
    });
    // A name that carries its strength is the name besides it: Dolo-650 is Dolo.
    expect((await list(`q=${encodeURIComponent('dolo 500 mg')}`)).otherStrengths).toEqual({
      name: 'dolo',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['650 mg'],
    });
    // As near to Paracetamol as to Paracetamolix, another medicine: neither is guessed.
    expect((await list(`q=${encodeURIComponent('paracetamolx 750 mg')}`)).otherStrengths).toBeUndefined();
  });

  it('says of a form the shop does not stock the medicine in which strengths and forms it comes in', async () => {
    const offered = ['120 mg/5 mL Syrup', '500 mg Tablet', '650 mg Tablet'];
    const answer = async (q: string) => {
      const { total, otherStrengths } = await list(`q=${encodeURIComponent(q)}`);
      expect(total).toBe(0);
      return otherStrengths;
    };
    expect(await answer('paracetamol cream')).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.form,
      strengths: offered,
    });
    expect(await answer('Paracetamol creams')).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.form,
      strengths: offered,
    });
    expect(await answer('paracetamol 750 mg cream')).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strengthAndForm,
      strengths: offered,
    });
    // The form typed is stocked: the strengths it comes in.
    expect(await answer('paracetamol 500 mg syrup')).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['120 mg/5 mL'],
    });
    expect(await answer('paracetamol tablets 750 mg')).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths: ['500 mg', '650 mg'],
    });
    expect(await answer('amoxil tablet')).toEqual({
      name: 'amoxil',
      notIn: NOT_STOCKED_IN.form,
      strengths: ['500 mg Capsule'],
    });
    expect(await answer('zzzz cream')).toBeUndefined();
  });

  it('answers a clear 400 for a search too long, with control characters or given twice', async () => {
    const tooLong = await get(`/api/medicines?q=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      message: SEARCH_QUERY_TOO_LONG_MESSAGE,
      errors: { q: SEARCH_QUERY_TOO_LONG_MESSAGE },
    });
    expect((await get('/api/medicines?q=a%00b')).statusCode).toBe(400);
    expect((await get('/api/medicines?q=a&q=b')).json()).toMatchObject({ errors: { q: 'q must be text.' } });
    expect((await get('/api/medicines?dosageForm=Pill')).statusCode).toBe(400);
    expect((await get('/api/medicines?prescriptionRequired=yes')).statusCode).toBe(400);
    expect((await list(`q=${'a'.repeat(100)}`)).total).toBe(0);
  });

  // Someone who typed "???" and saw the whole shop would read it as every medicine matching.
  it.each(['?!', '---', '%%', '???', "'_\\", '. , ;', '+', '/'])(
    'finds nothing for %s, punctuation with no word in it, and offers no suggestion either',
    async (q) => {
      expect(await list(`q=${encodeURIComponent(q)}`)).toMatchObject({ medicines: [], total: 0 });
      const suggested = await get(`/api/medicines/suggestions?q=${encodeURIComponent(q)}`);
      expect(suggested.statusCode).toBe(200);
      expect(medicineSuggestionsResponseSchema.parse(suggested.json()).suggestions).toEqual([]);
    },
  );
});

describe('suggestions', () => {
  it('lists the best matches first, at most 8', async () => {
    const response = await get('/api/medicines/suggestions?q=amoxicilin');
    expect(response.statusCode).toBe(200);
    const { suggestions } = medicineSuggestionsResponseSchema.parse(response.json());
    expect(suggestions.map((s) => s.activeIngredient).slice(0, 2)).toEqual(['Amoxicillin', 'Amoxicillin']);
    expect(suggestions[0]).toMatchObject({ strength: '500 mg', dosageForm: 'Capsule', prescriptionRequired: true });
  });

  it('stops at 8 when more medicines match', async () => {
    const ids: string[] = [];
    for (const suffix of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta', 'Iota', 'Kappa']) {
      const added = await sendForm(ctx, 'POST', '/api/medicines/add-medicine', admin, {
        ...validMedicineFields,
        name: `Quinora-${suffix}`,
        imageUrl: 'https://img.example.test/q.png',
      });
      ids.push(newMedicineResponseSchema.parse(added.json()).newMedicine._id);
    }
    expect((await list('q=quinora')).total).toBe(10);
    const { suggestions } = medicineSuggestionsResponseSchema.parse(
      (await get('/api/medicines/suggestions?q=quinora')).json(),
    );
    expect(suggestions).toHaveLength(8);
    for (const id of ids) {
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/medicines/delete-medicine/${id}`,
        headers: admin,
      });
      expect(deleted.statusCode).toBe(200);
    }
  });

  it('offers the strengths a medicine comes in for a strength not stocked, rather than an empty list', async () => {
    const suggested = async (q: string) =>
      medicineSuggestionsResponseSchema.parse(
        (await get(`/api/medicines/suggestions?q=${encodeURIComponent(q)}`)).json(),
      );
    const strengths = ['120 mg/5 mL', '500 mg', '650 mg'];
    expect(await suggested('paracetamol 750 mg')).toEqual({
      suggestions: [],
      otherStrengths: { name: 'paracetamol', notIn: NOT_STOCKED_IN.strength, strengths },
    });
    expect(await suggested('paracetmol 750 mg')).toEqual({
      suggestions: [],
      otherStrengths: { name: 'paracetamol', notIn: NOT_STOCKED_IN.strength, strengths },
    });
    // While the unit is typed, too.
    expect((await suggested('paracetamol 750 m')).otherStrengths).toEqual({
      name: 'paracetamol',
      notIn: NOT_STOCKED_IN.strength,
      strengths,
    });
    expect((await suggested('paracetamol 650 mg')).otherStrengths).toBeUndefined();
    expect(await suggested('zzzz 750 mg')).toEqual({ suggestions: [] });
  });

  it('requires q', async () => {
    const response = await get('/api/medicines/suggestions');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { q: 'q is required.' } });
  });
});

describe('substitutes', () => {
  it('lists the same ingredient, strength and form, cheapest first, without the medicine itself', async () => {
    const response = await get(`/api/medicines/${await idOf('Panadol')}/substitutes`);
    expect(response.statusCode).toBe(200);
    const { substitutes } = substitutesResponseSchema.parse(response.json());
    // Not Dolo-650 (650 mg), not Calpol (syrup), not Paracetamolix (another ingredient); "500mg" is "500 mg".
    expect(substitutes.map((s) => [s.name, s.saving])).toEqual([
      ['Paracetamol', 2.5],
      ['Crocin', 1.39],
    ]);
  });

  it('shows a negative saving for a dearer substitute, and none for a medicine without a record', async () => {
    const { substitutes } = substitutesResponseSchema.parse(
      (await get(`/api/medicines/${await idOf('Mox')}/substitutes`)).json(),
    );
    expect(substitutes.map((s) => [s.name, s.saving])).toEqual([['Amoxil', -4]]);
    const bare = await insertMedicine(ctx);
    expect((await get(`/api/medicines/${bare.id}/substitutes`)).json()).toEqual({ substitutes: [] });
    expect((await get('/api/medicines/not-an-id/substitutes')).statusCode).toBe(404);
  });

  it('prices each pack per tablet or mL and compares unit for unit, not pack for pack', async () => {
    const tablets = { activeIngredient: 'Ibuprofen', strength: '200 mg', dosageForm: 'Tablet' as const };
    const small = await insertMedicine(ctx, { ...tablets, name: 'Brufen', packSize: '16 tablets', priceCents: 549 });
    await insertMedicine(ctx, { ...tablets, name: 'Nurofen', packSize: '20 tablets', priceCents: 599 });
    await insertMedicine(ctx, { ...tablets, name: 'Ibugel', packSize: '5 x 3 mL pens', priceCents: 199 });
    await insertMedicine(ctx, { ...tablets, name: 'Ibumed', packSize: '100 mL', priceCents: 899 });
    const { substitutes } = substitutesResponseSchema.parse(
      (await get(`/api/medicines/${small.id}/substitutes`)).json(),
    );
    const byName = Object.fromEntries(substitutes.map((s) => [s.name, s]));
    // The larger pack costs 50 cents more but 4.36 cents less a tablet ($0.3431 against $0.2995).
    expect(byName.Nurofen).toMatchObject({ saving: -0.5, unit: 'tablet' });
    expect(byName.Nurofen!.unitPrice).toBeCloseTo(0.2995, 6);
    expect(byName.Nurofen!.savingPerUnit).toBeCloseTo(0.043625, 6);
    // A pack without a count of tablets, capsules or mL has no unit price and no saving per unit.
    expect(byName.Ibugel).toMatchObject({ unitPrice: null, unit: null, savingPerUnit: null });
    // mL against tablets is no comparison.
    expect(byName.Ibumed).toMatchObject({ unit: 'mL', savingPerUnit: null });
    expect(byName.Ibumed!.unitPrice).toBeCloseTo(0.0899, 6);
  });

  it('orders substitutes by the price per unit the list shows, not by the price of the pack', async () => {
    const capsules = { activeIngredient: 'Omeprazole', strength: '20 mg', dosageForm: 'Capsule' as const };
    const page = await insertMedicine(ctx, { ...capsules, name: 'Losec', packSize: '14 capsules', priceCents: 700 });
    // Per capsule: Omez 20c, Prilosec 25c, Zegerid 25c (a tie, by pack price then name), Omepral 40c.
    await insertMedicine(ctx, { ...capsules, name: 'Omepral', packSize: '7 capsules', priceCents: 280 });
    await insertMedicine(ctx, { ...capsules, name: 'Zegerid', packSize: '28 capsules', priceCents: 700 });
    await insertMedicine(ctx, { ...capsules, name: 'Omez', packSize: '56 capsules', priceCents: 1120 });
    await insertMedicine(ctx, { ...capsules, name: 'Prilosec', packSize: '28 capsules', priceCents: 700 });
    // No count of capsules: no price per capsule to place it by, so after those that have one.
    await insertMedicine(ctx, { ...capsules, name: 'Omecap', packSize: 'Blister', priceCents: 100 });
    const { substitutes } = substitutesResponseSchema.parse(
      (await get(`/api/medicines/${page.id}/substitutes`)).json(),
    );
    expect(substitutes.map((s) => s.name)).toEqual(['Omez', 'Prilosec', 'Zegerid', 'Omepral', 'Omecap']);
  });

  it('lists the first substitutes by price per unit when more match than it shows, not the cheapest packs', async () => {
    const tablets = { activeIngredient: 'Cetirizine', strength: '10 mg', dosageForm: 'Tablet' as const };
    const page = await insertMedicine(ctx, { ...tablets, name: 'Zyrtec', packSize: '10 tablets', priceCents: 500 });
    // One more than the list shows, each 10 tablets at 100 to 120 cents; then the dearest pack, cheapest a tablet.
    for (let i = 0; i <= SUBSTITUTES_LIMIT; i++)
      await insertMedicine(ctx, { ...tablets, name: `Cetiri ${i}`, packSize: '10 tablets', priceCents: 100 + i });
    await insertMedicine(ctx, { ...tablets, name: 'Alerid', packSize: '100 tablets', priceCents: 900 });
    const { substitutes } = substitutesResponseSchema.parse(
      (await get(`/api/medicines/${page.id}/substitutes`)).json(),
    );
    expect(substitutes).toHaveLength(SUBSTITUTES_LIMIT);
    expect(substitutes.map((s) => s.name).slice(0, 3)).toEqual(['Alerid', 'Cetiri 0', 'Cetiri 1']);
    expect(substitutes.at(-1)!.name).toBe(`Cetiri ${SUBSTITUTES_LIMIT - 2}`);
  });
});

describe('the medicine record through the admin forms', () => {
  const record = {
    activeIngredient: 'Paracetamol',
    strength: '500 mg',
    dosageForm: 'Tablet',
    packSize: '20 tablets',
    prescriptionRequired: 'false',
    description: 'Lowers a fever.',
    directions: 'One or two tablets\nevery 4 to 6 hours.',
    sideEffects: 'Rarely, a rash.',
    warnings: 'Do not take with other paracetamol.',
    storage: 'Below 25 °C.',
  };
  const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>) =>
    sendForm(ctx, method, url, admin, fields);
  const add = (fields: Record<string, string>) => send('POST', '/api/medicines/add-medicine', fields);
  const update = (id: string, fields: Record<string, string>) =>
    send('PATCH', `/api/medicines/update-medicine/${id}`, fields);

  it('stores every detail on add, returns it everywhere, and a write is searchable at once', async () => {
    const added = await add({
      ...validMedicineFields,
      name: 'Febrilex',
      imageUrl: 'https://img.example.test/f.png',
      ...record,
    });
    expect(added.statusCode).toBe(201);
    const { newMedicine } = newMedicineResponseSchema.parse(added.json());
    expect(newMedicine).toMatchObject({ ...record, prescriptionRequired: false });
    const read = medicineResponseSchema.parse((await get(`/api/medicines/${newMedicine._id}`)).json());
    expect(read.medicine).toEqual(newMedicine);
    expect((await names('q=febrilx'))[0]).toBe('Febrilex');

    // An update that leaves the details out keeps them; one that sends them changes them.
    const updated = await update(newMedicine._id, { ...validMedicineFields, name: 'Febrilex', price: '5.99' });
    expect(updatedMedicineResponseSchema.parse(updated.json()).updatedMedicine).toMatchObject({
      ...record,
      prescriptionRequired: false,
      price: 5.99,
    });
    const again = await update(newMedicine._id, {
      ...validMedicineFields,
      name: 'Febrilex',
      dosageForm: '',
      prescriptionRequired: 'true',
      warnings: '',
    });
    expect(updatedMedicineResponseSchema.parse(again.json()).updatedMedicine).toMatchObject({
      dosageForm: null,
      prescriptionRequired: true,
      warnings: '',
      strength: '500 mg',
    });
    expect((await list('q=febrilex&prescriptionRequired=true')).total).toBe(1);
  });

  it('takes a maker and a category in any alphabet, stored composed, and filters the catalogue by them', async () => {
    const added = await add({
      ...validMedicineFields,
      name: 'Biseptol',
      developedBy: 'Łódzkie Zakłady Farmaceutyczne',
      // The accent typed as a mark of its own, as some keyboards send it.
      category: 'Przeciwbo\u0301lowe',
      imageUrl: 'https://img.example.test/b.png',
    });
    expect(added.statusCode).toBe(201);
    const { newMedicine } = newMedicineResponseSchema.parse(added.json());
    expect(newMedicine).toMatchObject({ developedBy: 'Łódzkie Zakłady Farmaceutyczne', category: 'Przeciwbólowe' });
    const updated = await update(newMedicine._id, {
      ...validMedicineFields,
      name: 'Biseptol',
      developedBy: 'Фармстандарт',
    });
    expect(updated.statusCode).toBe(200);
    const filtered = await list(`developedBy=${encodeURIComponent('Фармстандарт')}`);
    expect(filtered.medicines.map(({ name }) => name)).toEqual(['Biseptol']);
  });

  it('gives a medicine added without details empty ones', async () => {
    const added = await add({ ...validMedicineFields, name: 'Plainol', imageUrl: 'https://img.example.test/p.png' });
    expect(newMedicineResponseSchema.parse(added.json()).newMedicine).toMatchObject({
      activeIngredient: '',
      strength: '',
      dosageForm: null,
      packSize: '',
      prescriptionRequired: false,
      description: '',
      storage: '',
    });
  });

  it('refuses a bad detail with its message and stores nothing', async () => {
    const before = (await list('limit=1')).total;
    const response = await add({
      ...validMedicineFields,
      name: 'Badform',
      imageUrl: 'https://img.example.test/b.png',
      dosageForm: 'Pill',
      strength: 'strong',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      dosageForm: expect.stringContaining('Dosage form must be one of Tablet'),
      strength: 'Strength must start with a number, like "500 mg" or "100 units/mL".',
    });
    expect((await list('limit=1')).total).toBe(before);
  });
});

describe('the index after stock moves', () => {
  const buy = async (headers: { authorization: string }, medicineId: string, quantity: number) => {
    await addToCart(ctx, headers, medicineId, quantity);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers })).statusCode).toBe(201);
  };
  const stockOf = async (query: string, name: string) =>
    (await list(query)).medicines.find((medicine) => medicine.name === name)?.stock;

  // Through the admin form, as a write the catalogue hears of.
  const addMedicine = async (name: string, stock: number) => {
    const added = await sendForm(ctx, 'POST', '/api/medicines/add-medicine', admin, {
      ...validMedicineFields,
      name,
      activeIngredient: 'Ibuprofen',
      stock: String(stock),
      imageUrl: 'https://img.example.test/s.png',
    });
    return newMedicineResponseSchema.parse(added.json()).newMedicine;
  };

  it('shows stock sold by orders at once in search, filters and the stock sort, and still indexes a later edit', async () => {
    const { _id: id, developedBy } = await addMedicine('Stockwatch', 3);
    await addMedicine('Stockwatch-Forte', 2);
    expect(await stockOf('q=stockwatch', 'Stockwatch')).toBe(3);
    expect(await names('q=stockwatch&sort=in_stock')).toEqual(['Stockwatch', 'Stockwatch-Forte']);

    const { headers } = await createTestUser(ctx);
    await buy(headers, id, 2);
    expect(await stockOf('q=stockwatch', 'Stockwatch')).toBe(1);
    expect(await names('q=stockwatch&sort=in_stock')).toEqual(['Stockwatch-Forte', 'Stockwatch']);
    await buy(headers, id, 1);
    expect(await names('q=stockwatch&inStock=false')).toEqual(['Stockwatch']);
    expect((await list('q=stockwatch&inStock=true')).facets.developedBy).toEqual([{ value: developedBy, count: 1 }]);

    // A change beyond the stock (here the name) is indexed too.
    const sold = (await list('q=stockwatch&inStock=false')).medicines[0]!;
    const renamed = await sendForm(ctx, 'PATCH', `/api/medicines/update-medicine/${id}`, admin, {
      ...validMedicineFields,
      name: 'Watchstock',
      activeIngredient: 'Ibuprofen',
      stock: '0',
      imageUrl: sold.imageUrl,
      version: String(sold.version),
    });
    expect(renamed.statusCode).toBe(200);
    expect(await names('q=watchstock')).toEqual(['Watchstock']);
    expect(await names('q=stockwatch')).toEqual(['Stockwatch-Forte']);
  });
});

describe('search on two instances of one database', () => {
  it('finds a medicine added on one instance by a search on the other within 2 s', async () => {
    const database = openPg(ctx.config.databaseUrl!, { poolSize: 2 });
    const other = await buildApp({ config: ctx.config, database, logger: false });
    await other.ready();
    try {
      const search = async () =>
        medicineListResponseSchema.parse(
          (await other.inject({ method: 'GET', url: '/api/medicines?q=zentravl&inStock=true' })).json(),
        );
      // The other instance has searched, and answered, before the medicine exists.
      expect((await search()).total).toBe(0);
      const added = await sendForm(ctx, 'POST', '/api/medicines/add-medicine', admin, {
        ...validMedicineFields,
        name: 'Zentravil',
        imageUrl: 'https://img.example.test/z.png',
      });
      expect(added.statusCode).toBe(201);
      await vi.waitFor(async () => expect((await search()).medicines.map((m) => m.name)).toEqual(['Zentravil']), {
        timeout: 2000,
        interval: 50,
      });
    } finally {
      await other.close();
    }
  });
});

describe('accents', () => {
  it('reads accents as the letters they sit on, in the search and in the catalogue', async () => {
    // Short words allow no typo, so an accent typed on a French or Spanish keyboard lost them.
    expect(await names('q=M%C3%B3x')).toEqual(await names('q=Mox'));
    expect((await names('q=Az%C3%A9%C3%A9'))[0]).toBe('Azee');
    // An exact name typed with an accent still heads the list, before the names it only begins.
    expect((await names('q=M%C3%B3x'))[0]).toBe('Mox');
    // Last in the file: the catalogue the other tests count stays as it was.
    const added = await sendForm(ctx, 'POST', '/api/medicines/add-medicine', admin, {
      ...validMedicineFields,
      name: 'Folaxin',
      activeIngredient: 'Ácido fólico',
      imageUrl: 'https://img.example.test/f.png',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await names('q=acido%20fol'))[0]).toBe('Folaxin');
    const suggestions = await get('/api/medicines/suggestions?q=%C3%A1cido');
    expect(medicineSuggestionsResponseSchema.parse(suggestions.json()).suggestions[0]?.name).toBe('Folaxin');
  });
});
