import {
  DOSAGE_FORMS,
  MEDICINE_FACETS,
  NOT_STOCKED_IN,
  SUGGESTIONS_LIMIT,
  type FacetCount,
  type MedicineFacet,
  type MedicineListResponse,
  type MedicineSuggestion,
  type MedicineSuggestionsResponse,
} from '@apotheca/contract';
import SearchableMap from 'minisearch/SearchableMap';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { centsToDollars, dollarsToCents } from '../../db/money';
import { medicines } from '../../db/schema';
import type { CatalogueCache } from './catalogue-cache.service';
import { medicineColumns, toMedicine, type MedicineListFilter, type MedicineRow } from './medicines.service';

/**
 * The catalogue's list, search and facets, answered from an in-process snapshot of the medicines
 * table (docs/decisions/0073, which keeps 0034's index). The database stays the one source
 * of truth: the snapshot is rebuilt whenever the catalogue's generation moves on, which every write
 * here and every other instance's change notification does, so a write is searchable at the next
 * request.
 *
 * The words of name, active ingredient, maker, category and form are kept in MiniSearch's radix tree
 * (its `SearchableMap`), which finds the words a typed word is a prefix of or a typo of; each word
 * points at the medicines it is in, with its weight in each, as typed arrays. A search is then a
 * pass over those arrays, and filters, facets and order are integer comparisons on per-medicine
 * columns: the work of a request grows with its matches, not with the catalogue.
 */
type MedicineSearch = {
  /** The list's response body, serialized: `{ medicines, total, facets }`. */
  list(filter: MedicineListFilter): Promise<string>;
  suggest(q: string): Promise<MedicineSuggestionsResponse>;
};

// The form too: a box says "Tablets" or "Gel" after the name, and Ibuleve is a gel without saying so.
const SEARCH_FIELDS = ['name', 'activeIngredient', 'developedBy', 'category', 'dosageForm'] as const;
// Name and ingredient say what a medicine is; maker, category and form only narrow it down.
const FIELD_BOOSTS = [3, 3, 1, 1, 1];
/**
 * What one word adds to a medicine's score from one field: its field's boost, less in a longer field
 * ("Amoxicillin" says more of Amoxil than of "Amoxicillin + Clavulanic acid").
 */
const fieldWeight = (field: number, fieldWords: number) => FIELD_BOOSTS[field]! / Math.sqrt(fieldWords);
// A word only begun, or mistyped, counts for less than the word itself; a typo the less the more edits.
const PREFIX_WEIGHT = 0.6;
const TYPO_WEIGHT = 0.4;
/** What a strength's amount adds to a medicine's score: as much as its maker's one word. */
const STRENGTH_WEIGHT = 1;
/** Lifts a medicine whose whole name or ingredient is the query above every other match. */
const EXACT_BONUS = 1e6;
// Typos: none in words under 4 letters, one edit up to 7 letters, two from 8: medicine names are long,
// and a shopper who drops two letters of one ("amoxcilin") or swaps two ("ibuprfoen") still means it.
const allowedEdits = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/**
 * Text as search compares it: lower case, and the accents of Latin, Greek and Cyrillic letters taken
 * off, on the catalogue's words and the typed ones alike. Words of under 4 letters allow no typo, so
 * "Móx" typed on a Spanish keyboard found nothing, and a longer word spent its one typo on the accent.
 * Composed again afterwards: the other marks (a kana's voicing, a Hangul syllable's parts) stay part of
 * their letter, not a break between words.
 */
const searchForm = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();

/** Words are runs of letters and digits: `%`, `_`, quotes and backslashes only separate them. */
const words = (text: string) =>
  searchForm(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const hasLetter = (word: string) => /\p{L}/u.test(word);

/**
 * The units a strength is written in, each as a base unit and how many of it one is: masses in
 * micrograms, so "1 g" finds "1000 mg" and "0.5 mg" finds "500 mcg". Lower case, as `searchForm` leaves them.
 */
const STRENGTH_UNITS: Record<string, [base: string, factor: number]> = {
  mcg: ['mcg', 1],
  µg: ['mcg', 1],
  μg: ['mcg', 1],
  ug: ['mcg', 1],
  mg: ['mcg', 1000],
  g: ['mcg', 1_000_000],
  ml: ['ml', 1],
  '%': ['%', 1],
  iu: ['unit', 1],
  unit: ['unit', 1],
  units: ['unit', 1],
};
const UNIT_PATTERN = Object.keys(STRENGTH_UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/**
 * An amount as a box or a strength writes it: a number, with a decimal point or comma, and a unit after
 * it or none, with a space or without ("500 mg", "500mg", "0,5 mg", "5%", "500"), and the volume or
 * dose it is in ("100 units/mL", "120 mg/5 mL", "400 mcg/dose": the amount is the 100 units, the 120 mg
 * or the 400 mcg, so "paracetamol 5" is a strength begun, not a syrup's 5 mL). "500 mg/125 mg" is two
 * amounts. A number inside a word ("b12") is not one.
 */
const AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}.,])(\\d+(?:[.,]\\d+)?)(?:\\s*(${UNIT_PATTERN}))?(?:\\s*/\\s*(?:\\d+(?:[.,]\\d+)?\\s*)?(?:ml|dose))?(?![\\p{L}\\p{N}])`,
  'gu',
);

/** An amount's number as the index keeps it ("0,5" is "0.5") and, with its unit, the amount in its base unit. */
type Amount = { number: string; measure?: string };

/** The amounts in `text` (in search form), and the text without them. */
function amountsIn(text: string): { amounts: Amount[]; rest: string } {
  const amounts: Amount[] = [];
  const rest = text.replace(AMOUNT, (_, digits: string, unit: string | undefined) => {
    const value = Number(digits.replace(',', '.'));
    const [base, factor] = unit === undefined ? [] : STRENGTH_UNITS[unit]!;
    // Rounded to a thousandth of the base unit: 0.1 mg is 100 mcg, not 100.00000000000001.
    const measure = base === undefined ? undefined : `${Math.round(value * factor! * 1000) / 1000}${base}`;
    amounts.push({ number: String(value), measure });
    return ' ';
  });
  return { amounts, rest };
}

/** The medicines a word is in (indexes into the snapshot) and, for each, its weight there (`fieldWeight`). */
type Postings = { docs: Int32Array; weights: Float32Array };

/** A facet's values of every medicine, as indexes into `values` (NO_VALUE: none). */
type FacetColumn = { values: string[]; codes: Int32Array };
/** A medicine's code in a facet it has no value of (a medicine without a dosage form). */
const NO_VALUE = -1;
/** A facet's wanted code when the list is not filtered by it; and when no medicine has the value asked for. */
const ANY_VALUE = -1;
const NO_MEDICINE_HAS_IT = -2;

/**
 * Which of the list's filters a medicine fails, as the facets' counts need it: the index (in MEDICINE_FACETS)
 * of the one facet whose filter it fails, so that it counts in that facet alone; FAILS_NONE when it passes
 * every filter (it is listed, and counts in every facet); FAILS_MORE when it fails two facets, or the price or
 * stock filter (it counts nowhere). Numbers, not objects: this is asked of every medicine of every list.
 */
const FAILS_NONE = -1;
const FAILS_MORE = -2;
type FailingFacet = number;

type ListOrder = NonNullable<MedicineListFilter['sort']> | 'newest' | 'name';

type Snapshot = {
  generation: number;
  rows: MedicineRow[];
  /** Each medicine as the list serializes it, made on first use. */
  json: (string | undefined)[];
  /** Words with a letter, where typos are looked for; numbers ("650") match only as typed or begun. */
  words: SearchableMap<Postings>;
  numbers: SearchableMap<Postings>;
  /**
   * The amounts of each medicine's strength ("500 mg/125 mg" has two): by number alone, for an amount
   * typed without a unit, and by its measure in the base unit ("500000mcg"), for one typed with a unit.
   */
  strengthNumbers: SearchableMap<Postings>;
  strengthMeasures: Map<string, Postings>;
  /**
   * The same words by length: a typo search looks only among words it could be within reach of
   * (an edit changes the length by one at most), in trees a fraction of the whole one's size.
   */
  wordsByLength: SearchableMap<Postings>[];
  lowerNames: string[];
  lowerIngredients: string[];
  facets: Record<MedicineFacet, FacetColumn>;
  priceCents: Int32Array;
  stock: Int32Array;
  docOf: Map<string, number>;
  /** Each medicine's place in the orders a list has asked for so far (see `rankOf`). */
  ranks: Partial<Record<ListOrder, Int32Array>>;
};

const facetValue: Record<MedicineFacet, (row: MedicineRow) => string | null> = {
  category: (row) => row.category,
  dosageForm: (row) => row.dosageForm,
  prescriptionRequired: (row) => String(row.prescriptionRequired),
  developedBy: (row) => row.developedBy,
};

function facetColumn(rows: MedicineRow[], value: (row: MedicineRow) => string | null): FacetColumn {
  const codeOf = new Map<string, number>();
  const codes = Int32Array.from(rows, (row) => {
    const v = value(row);
    if (v === null) return NO_VALUE;
    let code = codeOf.get(v);
    if (code === undefined) codeOf.set(v, (code = codeOf.size));
    return code;
  });
  return { values: [...codeOf.keys()], codes };
}

const byName = (a: MedicineRow, b: MedicineRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

// The orders a list can take; ties are broken by name, then id, so pages never overlap or skip.
const LIST_ORDERS: Record<ListOrder, (a: MedicineRow, b: MedicineRow) => number> = {
  price_asc: (a, b) => a.priceCents - b.priceCents,
  price_desc: (a, b) => b.priceCents - a.priceCents,
  in_stock: (a, b) => b.stock - a.stock,
  out_of_stock: (a, b) => a.stock - b.stock,
  // Without a sort or a search, newest first: a medicine an admin just added heads the list.
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  name: () => 0,
};

/** Every medicine's place in `order`, worked out when a list first asks for it. */
function rankOf(snapshot: Snapshot, order: ListOrder): Int32Array {
  let rank = snapshot.ranks[order];
  if (!rank) {
    const { rows } = snapshot;
    const compare = LIST_ORDERS[order];
    rank = new Int32Array(rows.length);
    const places = rows.map((_, doc) => doc).sort((a, b) => compare(rows[a]!, rows[b]!) || byName(rows[a]!, rows[b]!));
    places.forEach((doc, place) => (rank![doc] = place));
    snapshot.ranks[order] = rank;
  }
  return rank;
}

function buildSnapshot(rows: MedicineRow[], generation: number): Snapshot {
  const found = new Map<string, { docs: number[]; weights: number[] }>();
  rows.forEach((row, doc) =>
    SEARCH_FIELDS.forEach((field, f) => {
      const fieldWords = words(row[field] ?? '');
      for (const word of new Set(fieldWords)) {
        let postings = found.get(word);
        if (!postings) found.set(word, (postings = { docs: [], weights: [] }));
        const weight = fieldWeight(f, fieldWords.length);
        const last = postings.docs.length - 1;
        if (postings.docs[last] === doc) postings.weights[last]! += weight;
        else {
          postings.docs.push(doc);
          postings.weights.push(weight);
        }
      }
    }),
  );
  const wordMap = new SearchableMap<Postings>();
  const numberMap = new SearchableMap<Postings>();
  for (const [word, { docs, weights }] of found)
    (hasLetter(word) ? wordMap : numberMap).set(word, {
      docs: Int32Array.from(docs),
      weights: Float32Array.from(weights),
    });

  const byNumber = new Map<string, number[]>();
  const byMeasure = new Map<string, number[]>();
  rows.forEach((row, doc) => {
    for (const { number, measure } of amountsIn(searchForm(row.strength)).amounts) {
      const docs = byNumber.get(number) ?? byNumber.set(number, []).get(number)!;
      if (docs.at(-1) !== doc) docs.push(doc);
      if (measure === undefined) continue;
      const measured = byMeasure.get(measure) ?? byMeasure.set(measure, []).get(measure)!;
      if (measured.at(-1) !== doc) measured.push(doc);
    }
  });
  const strengthPostings = (docs: number[]): Postings => ({
    docs: Int32Array.from(docs),
    weights: new Float32Array(docs.length).fill(STRENGTH_WEIGHT),
  });
  const strengthNumbers = new SearchableMap<Postings>();
  for (const [number, docs] of byNumber) strengthNumbers.set(number, strengthPostings(docs));
  const strengthMeasures = new Map([...byMeasure].map(([measure, docs]) => [measure, strengthPostings(docs)]));

  const wordsByLength: SearchableMap<Postings>[] = [];
  for (const [word, postings] of wordMap) (wordsByLength[word.length] ??= new SearchableMap()).set(word, postings);

  return {
    generation,
    rows,
    json: new Array<string | undefined>(rows.length),
    words: wordMap,
    numbers: numberMap,
    strengthNumbers,
    strengthMeasures,
    wordsByLength,
    lowerNames: rows.map((row) => searchForm(row.name)),
    lowerIngredients: rows.map((row) => searchForm(row.activeIngredient)),
    facets: Object.fromEntries(MEDICINE_FACETS.map((facet) => [facet, facetColumn(rows, facetValue[facet])])) as Record<
      MedicineFacet,
      FacetColumn
    >,
    priceCents: Int32Array.from(rows, (row) => row.priceCents),
    stock: Int32Array.from(rows, (row) => row.stock),
    docOf: new Map(rows.map((row, doc) => [row.id, doc])),
    ranks: {},
  };
}

/**
 * Per-medicine scratch space of a search. A search runs from start to end without awaiting, so
 * one set per snapshot size serves every request; `seen` tells this search's marks from older ones.
 */
class Scratch {
  seen: Int32Array;
  /** How many of the query's words a medicine has matched so far. */
  matched: Int32Array;
  score: Float64Array;
  stamp = 0;
  constructor(size: number) {
    this.seen = new Int32Array(size);
    this.matched = new Int32Array(size);
    this.score = new Float64Array(size);
  }
}
let scratch = new Scratch(0);

/** The words of the catalogue that a typed word stands for, each with how much a match counts. */
function expand(snapshot: Snapshot, word: string): [Postings, number][] {
  if (!hasLetter(word))
    return [...snapshot.numbers.atPrefix(word)].map(([term, postings]) => [
      postings,
      term === word ? 1 : PREFIX_WEIGHT,
    ]);
  const weights = new Map<Postings, number>();
  for (const [term, postings] of snapshot.words.atPrefix(word))
    weights.set(postings, term === word ? 1 : PREFIX_WEIGHT);
  const edits = allowedEdits(word);
  if (edits > 0) {
    for (let length = word.length - edits; length <= word.length + edits; length++) {
      for (const [term, [postings, distance]] of snapshot.wordsByLength[length]?.fuzzyGet(word, edits) ?? []) {
        const weight = (TYPO_WEIGHT * term.length) / (term.length + distance);
        if (weight > (weights.get(postings) ?? 0)) weights.set(postings, weight);
      }
    }
  }
  return [...weights];
}

/**
 * The medicines an amount typed stands for: with a unit, those whose strength has that amount, in any
 * unit of its kind; without one, those whose strength has that number, or whose name, ingredient,
 * maker or category has it ("Dolo-650"); a number only begun ("50" on the way to "500") counts for less.
 */
function expandAmount(snapshot: Snapshot, { number, measure }: Amount): [Postings, number][] {
  if (measure !== undefined) {
    const postings = snapshot.strengthMeasures.get(measure);
    return postings ? [[postings, 1]] : [];
  }
  return [
    ...expand(snapshot, number),
    ...[...snapshot.strengthNumbers.atPrefix(number)].map(([term, postings]): [Postings, number] => [
      postings,
      term === number ? 1 : PREFIX_WEIGHT,
    ]),
  ];
}

/**
 * The medicines that match every word and amount of `q` (a word matches a catalogue word it is, begins,
 * or is a typo of; an amount, see `expandAmount`), each with its score: the weight of each match times
 * the word's weight in the medicine.
 */
function match(snapshot: Snapshot, q: string): { docs: number[]; score: Float64Array } {
  const size = snapshot.rows.length;
  if (scratch.seen.length < size) scratch = new Scratch(size);
  const { seen, matched, score } = scratch;
  // Stamps are Int32: past the largest, the marks start over from a clean sheet.
  if (++scratch.stamp === 2 ** 31) {
    scratch.seen.fill(0);
    scratch.stamp = 1;
  }
  const stamp = scratch.stamp;
  let candidates: number[] = [];
  const { amounts, rest } = amountsIn(searchForm(q));
  const terms = [
    ...[...new Set(words(rest))].map((word) => expand(snapshot, word)),
    ...[...new Map(amounts.map((amount) => [amount.measure ?? amount.number, amount])).values()].map((amount) =>
      expandAmount(snapshot, amount),
    ),
  ];
  terms.forEach((term, w) => {
    for (const [{ docs, weights }, weight] of term) {
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        if (w === 0 && seen[doc] !== stamp) {
          seen[doc] = stamp;
          matched[doc] = 0;
          score[doc] = 0;
          candidates.push(doc);
        } else if (seen[doc] !== stamp || matched[doc]! < w) continue; // missed an earlier word
        matched[doc] = w + 1;
        score[doc]! += weight * weights[i]!;
      }
    }
    candidates = candidates.filter((doc) => matched[doc] === w + 1);
  });
  return { docs: candidates, score };
}

/** The words of a query (in search form) besides its amounts: "metformin" of "metformin 500 mg". */
const nameOf = (whole: string) => amountsIn(whole).rest.replace(/\s+/g, ' ').trim();

/**
 * `text` without a unit only begun after its last amount ("750 m" on the way to "750 mg"), which is no word of
 * the name: the box asks as the patient types.
 */
function withoutUnitBegun(text: string): string {
  const begun = /\d\s*(\p{L}+)$/u.exec(text);
  return begun &&
    Object.keys(STRENGTH_UNITS).some((unit) => unit.length > begun[1]!.length && unit.startsWith(begun[1]!))
    ? text.slice(0, begun.index + 1)
    : text;
}

/** The words of the dosage forms a medicine may have ("tablet", "syrup"), stocked or not. */
const FORM_WORDS = SearchableMap.from<true>(DOSAGE_FORMS.flatMap((form) => words(form)).map((word) => [word, true]));

/** The dosage-form words a typed word stands for: itself or those it is a typo of ("tablets"). */
const formsReached = (word: string) => new Set(FORM_WORDS.fuzzyGet(word, allowedEdits(word)).keys());

/**
 * What a medicine is called besides its strength and form, as words: "glucophage" of "Glucophage-850", "nurofen"
 * of "Nurofen-Gel", "amoxicillin clavulanic acid" of "Amoxicillin + Clavulanic acid" (`text` in search form).
 */
const bareName = (text: string) => words(nameOf(text)).filter((word) => !FORM_WORDS.has(word));

/**
 * The name `typed` (a query's words besides its amounts and forms) stands for, among the names and
 * ingredients of `docs`, the medicines its words match: the whole name or ingredient it is (besides their own
 * strength and form) or, when it is none, the one it is a typo of word for word ("metfromin" of "metformin"),
 * when one is nearer than every other. A name it only begins ("Paracetamolix" of "paracetamol") is another
 * medicine's.
 */
function nameMeant(snapshot: Snapshot, typed: string[], docs: number[]): string | undefined {
  const bareNames = (doc: number) =>
    [snapshot.lowerNames[doc]!, snapshot.lowerIngredients[doc]!].map((text) => bareName(text));
  const wanted = typed.join(' ');
  if (docs.some((doc) => bareNames(doc).some((bare) => bare.join(' ') === wanted))) return wanted;
  // Each typed word's catalogue words within its typos' reach, with their distance from it.
  const reach = typed.map((word) => {
    const edits = allowedEdits(word);
    const near = new Map<string, number>();
    for (let length = word.length - edits; length <= word.length + edits; length++)
      for (const [term, [, distance]] of snapshot.wordsByLength[length]?.fuzzyGet(word, edits) ?? [])
        near.set(term, distance);
    return near;
  });
  let meant: string | undefined;
  let nearest = Infinity;
  let tied = false;
  for (const doc of docs)
    for (const bare of bareNames(doc)) {
      if (bare.length !== reach.length) continue;
      const distance = bare.reduce((sum, word, i) => sum + (reach[i]!.get(word) ?? Infinity), 0);
      const text = bare.join(' ');
      if (distance < nearest) [meant, nearest, tied] = [text, distance, false];
      else if (distance === nearest && text !== meant) tied = true;
    }
  return tied || nearest === Infinity ? undefined : meant;
}

/**
 * Each strength of `docs` (with its form, `withForm`) once however it is spaced ("500mg" is "500 mg"), lowest
 * amount first.
 */
function strengthsOf(snapshot: Snapshot, docs: number[], withForm: boolean): string[] {
  const strengths = new Map<string, { strength: string; amount: number }>();
  for (const doc of docs) {
    const row = snapshot.rows[doc]!;
    const strength = withForm && row.dosageForm ? `${row.strength.trim()} ${row.dosageForm}` : row.strength.trim();
    const [first] = amountsIn(searchForm(strength)).amounts;
    const key = searchForm(strength).replace(/\s+/g, '');
    if (first && !strengths.has(key))
      strengths.set(key, { strength, amount: Number.parseFloat(first.measure ?? first.number) });
  }
  return [...strengths.values()]
    .sort((a, b) => a.amount - b.amount || (a.strength < b.strength ? -1 : 1))
    .map(({ strength }) => strength);
}

type OtherStrengths = MedicineListResponse['otherStrengths'];

/**
 * When `q` names a strength or a form that no medicine of its name has, the name meant (see `nameMeant`),
 * what the shop does not stock it in, and the strengths its medicines come in (with their forms when the form
 * is not stocked; of the form typed when it is), among those `kept` (the list's filters): a strength offered
 * there lists something. When the filters keep none of them, the strengths of the whole shop, said to be
 * outside the filters.
 */
function otherStrengths(snapshot: Snapshot, q: string, kept: (doc: number) => boolean): OtherStrengths {
  const whole = withoutUnitBegun(searchForm(q.trim()));
  const { amounts, rest } = amountsIn(whole);
  const typed = words(rest).map((word) => ({ word, forms: formsReached(word) }));
  const formsTyped = typed.filter(({ forms }) => forms.size > 0).map(({ forms }) => forms);
  const nameTyped = typed.filter(({ forms }) => forms.size === 0).map(({ word }) => word);
  if (nameTyped.length === 0 || (amounts.length === 0 && formsTyped.length === 0)) return undefined;
  const docs = match(snapshot, nameTyped.join(' ')).docs;
  const meant = nameMeant(snapshot, nameTyped, docs);
  if (meant === undefined) return undefined;
  const ofName = docs.filter((doc) =>
    [snapshot.lowerNames[doc]!, snapshot.lowerIngredients[doc]!].some((text) => bareName(text).join(' ') === meant),
  );
  const inForm = ofName.filter((doc) => {
    const own = words(snapshot.rows[doc]!.dosageForm ?? '');
    return formsTyped.every((forms) => own.some((word) => forms.has(word)));
  });
  const formMissing = inForm.length === 0;
  if (!formMissing && amounts.length === 0) return undefined;
  const notIn = !formMissing
    ? NOT_STOCKED_IN.strength
    : amounts.length > 0
      ? NOT_STOCKED_IN.strengthAndForm
      : NOT_STOCKED_IN.form;
  // The name as typed when it is one, as the list's links and message have always shown it ("co-codamol").
  const name = meant === nameTyped.join(' ') && formsTyped.length === 0 ? nameOf(whole) : meant;
  const offered = formMissing ? ofName : inForm;
  const within = strengthsOf(snapshot, offered.filter(kept), formMissing);
  if (within.length > 0) return { name, notIn, strengths: within };
  const everywhere = strengthsOf(snapshot, offered, formMissing);
  return everywhere.length > 0 ? { name, notIn, strengths: everywhere, outsideFilters: true } : undefined;
}

/**
 * Exact name and ingredient matches first, then by score, then by name. A query with a strength is
 * exact for the name it has besides ("metformin" of "metformin 500 mg").
 */
function byRelevance(snapshot: Snapshot, q: string, docs: number[], score: Float64Array) {
  const whole = searchForm(q.trim());
  const named = nameOf(whole);
  const isExact = (text: string) => text === whole || (named !== '' && text === named);
  // Worked out once per match rather than in every comparison.
  for (const doc of docs)
    if (isExact(snapshot.lowerNames[doc]!) || isExact(snapshot.lowerIngredients[doc]!)) score[doc]! += EXACT_BONUS;
  const nameRank = rankOf(snapshot, 'name');
  return (a: number, b: number) => score[b]! - score[a]! || nameRank[a]! - nameRank[b]!;
}

/** The first `count` of `items` in `compare`'s order, without sorting the rest when they are many. */
function firstInOrder(items: number[], count: number, compare: (a: number, b: number) => number): number[] {
  if (count >= items.length / 4) return items.sort(compare).slice(0, count);
  const first: number[] = [];
  for (const item of items) {
    if (first.length === count) {
      if (compare(item, first[count - 1]!) >= 0) continue;
      first.pop();
    }
    let i = first.length;
    first.push(item);
    for (; i > 0 && compare(item, first[i - 1]!) < 0; i--) first[i] = first[i - 1]!;
    first[i] = item;
  }
  return first;
}

const byRank = (rank: Int32Array) => (a: number, b: number) => rank[a]! - rank[b]!;

function medicineJson(snapshot: Snapshot, doc: number): string {
  return (snapshot.json[doc] ??= JSON.stringify(toMedicine(snapshot.rows[doc]!)));
}

/** The columns a checkout, a cancellation or a restock changes; any other change rebuilds the index. */
const STOCK_COLUMNS = new Set<keyof MedicineRow>(['stock', 'version']);

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/**
 * The snapshot with `changed` rows put in, when they differ from the rows it has only in their
 * stock: the words, facets and prices stay, and only the orders by stock are worked out again.
 * Undefined when anything else changed.
 */
function withNewStock(snapshot: Snapshot, changed: MedicineRow[], generation: number): Snapshot | undefined {
  if (changed.length === 0) return { ...snapshot, generation };
  const rows = [...snapshot.rows];
  const stock = snapshot.stock.slice();
  const json = [...snapshot.json];
  for (const row of changed) {
    const doc = snapshot.docOf.get(row.id);
    if (doc === undefined) return undefined;
    const old = rows[doc]!;
    const keys = Object.keys(row) as (keyof MedicineRow)[];
    if (keys.some((key) => !STOCK_COLUMNS.has(key) && !sameValue(row[key], old[key]))) return undefined;
    rows[doc] = row;
    stock[doc] = row.stock;
    json[doc] = undefined;
  }
  const { in_stock: _inStock, out_of_stock: _outOfStock, ...ranks } = snapshot.ranks;
  return { ...snapshot, generation, rows, stock, json, ranks };
}

export function createMedicineSearch(db: Db, catalogue: CatalogueCache): MedicineSearch {
  let current: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  /**
   * `previous` brought up to date by reading only the medicines changed since it was taken, when
   * every change named them and they changed only their stock: under a stream of checkouts every
   * order is a catalogue change, and reading and indexing the whole table after each one starved
   * search. Undefined when the whole table must be read again.
   */
  const refreshed = async (previous: Snapshot, generation: number): Promise<Snapshot | undefined> => {
    const changedIds = catalogue.changedSince(previous.generation);
    if (!changedIds) return undefined;
    const ids = [...changedIds];
    const changed =
      ids.length === 0 ? [] : await db.select(medicineColumns).from(medicines).where(inArray(medicines.id, ids));
    // A medicine deleted meanwhile: the whole table is read again.
    if (changed.length !== ids.length) return undefined;
    return withNewStock(previous, changed, generation);
  };

  /**
   * A snapshot at least as new as the catalogue's generation when it is asked for; concurrent
   * callers share one reload. A reload already under way may have read the table before the write
   * that raised the generation: a caller that asked after that write waits for the next reload
   * rather than take it, since its answer is cached as the new generation's.
   */
  const snapshot = async (): Promise<Snapshot> => {
    const wanted = catalogue.generation();
    while (!current || current.generation < wanted) {
      loading ??= (async () => {
        try {
          // Tagged with the generation it started in: a write landing meanwhile makes the next call reload.
          const generation = catalogue.generation();
          current =
            (current && (await refreshed(current, generation))) ??
            buildSnapshot(await db.select(medicineColumns).from(medicines), generation);
          return current;
        } finally {
          loading = undefined;
        }
      })();
      await loading;
    }
    return current;
  };

  return {
    async list(filter) {
      const snap = await snapshot();
      const size = snap.rows.length;
      const found = filter.q === undefined ? undefined : match(snap, filter.q);
      const minCents = filter.minPrice === undefined ? -Infinity : dollarsToCents(filter.minPrice);
      const maxCents = filter.maxPrice === undefined ? Infinity : dollarsToCents(filter.maxPrice);
      const inStock = filter.inStock === undefined ? undefined : filter.inStock === 'true';
      // Each facet's wanted value as a code, ANY_VALUE when the list is not filtered by it.
      const columns = MEDICINE_FACETS.map((facet) => snap.facets[facet]);
      const wanted = MEDICINE_FACETS.map((facet, f) => {
        const value = filter[facet];
        if (value === undefined) return ANY_VALUE;
        const code = columns[f]!.values.indexOf(value);
        return code === -1 ? NO_MEDICINE_HAS_IT : code;
      });
      const counts = columns.map((column) => new Int32Array(column.values.length));

      /** Which of the list's filters a medicine fails: see FailingFacet. */
      const failingFacet = (doc: number): FailingFacet => {
        const price = snap.priceCents[doc]!;
        if (price < minCents || price > maxCents) return FAILS_MORE;
        if (inStock !== undefined && snap.stock[doc]! > 0 !== inStock) return FAILS_MORE;
        let failing: FailingFacet = FAILS_NONE;
        for (let f = 0; f < columns.length; f++) {
          if (wanted[f] !== ANY_VALUE && columns[f]!.codes[doc] !== wanted[f]) {
            if (failing !== FAILS_NONE) return FAILS_MORE;
            failing = f;
          }
        }
        return failing;
      };
      // One pass: a medicine counts in a facet when it passes every filter but that facet's own.
      const kept: number[] = [];
      const visit = (doc: number) => {
        const failing = failingFacet(doc);
        if (failing === FAILS_MORE) return;
        if (failing === FAILS_NONE) kept.push(doc);
        for (let f = 0; f < columns.length; f++) {
          const code = columns[f]!.codes[doc]!;
          if (code !== NO_VALUE && (failing === FAILS_NONE || failing === f)) counts[f]![code]!++;
        }
      };
      if (found) found.docs.forEach(visit);
      else for (let doc = 0; doc < size; doc++) visit(doc);

      const facets = Object.fromEntries(
        MEDICINE_FACETS.map((facet, f) => {
          const values: FacetCount[] = [];
          counts[f]!.forEach((count, code) => count > 0 && values.push({ value: columns[f]!.values[code]!, count }));
          return [facet, values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))];
        }),
      );

      const compare = filter.sort
        ? byRank(rankOf(snap, filter.sort))
        : found
          ? byRelevance(snap, filter.q!, kept, found.score)
          : byRank(rankOf(snap, 'newest'));
      const start = (filter.page - 1) * filter.limit;
      const page = firstInOrder(kept, start + filter.limit, compare)
        .slice(start)
        .map((doc) => medicineJson(snap, doc));
      // Nothing found for a name and a strength: the strengths that name comes in, rather than a spelling hint.
      const strengths =
        found?.docs.length === 0
          ? otherStrengths(snap, filter.q!, (doc) => failingFacet(doc) === FAILS_NONE)
          : undefined;
      return `{"medicines":[${page.join(',')}],"total":${kept.length},"facets":${JSON.stringify(facets)}${
        strengths ? `,"otherStrengths":${JSON.stringify(strengths)}` : ''
      }}`;
    },

    async suggest(q) {
      const snap = await snapshot();
      const found = match(snap, q);
      // As the list says it: an empty box would leave a patient who typed a strength not stocked guessing.
      if (found.docs.length === 0) {
        const strengths = otherStrengths(snap, q, () => true);
        return strengths ? { suggestions: [], otherStrengths: strengths } : { suggestions: [] };
      }
      const best = firstInOrder(found.docs, SUGGESTIONS_LIMIT, byRelevance(snap, q, found.docs, found.score));
      const suggestions = best.map((doc): MedicineSuggestion => {
        const row = snap.rows[doc]!;
        return {
          _id: row.id,
          name: row.name,
          activeIngredient: row.activeIngredient,
          strength: row.strength,
          dosageForm: row.dosageForm,
          prescriptionRequired: row.prescriptionRequired,
          price: centsToDollars(row.priceCents),
          imageUrl: row.imageUrl,
        };
      });
      return { suggestions };
    },
  };
}
