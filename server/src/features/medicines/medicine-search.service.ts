import {
  MEDICINE_FACETS,
  SUGGESTIONS_LIMIT,
  type MedicineFacet,
  type MedicineFacets,
  type MedicineListResponse,
  type MedicineSuggestion,
} from '@apotheca/contract';
import MiniSearch from 'minisearch';
import type { Db } from '../../db/client';
import { centsToDollars, dollarsToCents } from '../../db/money';
import { medicines } from '../../db/schema';
import type { CatalogueCache } from './catalogue-cache.service';
import { toMedicine, type MedicineListFilter, type MedicineRow } from './medicines.service';

/**
 * The catalogue's list, search and facets, answered from an in-process snapshot of the medicines
 * table with a MiniSearch index over name, active ingredient, maker and category
 * (docs/decisions/0021). The database stays the one source of truth: the snapshot is reloaded
 * whenever the catalogue's generation moves on, which every write here and every other instance's
 * change notification does, so a write is searchable at the next request.
 */
export type MedicineSearch = {
  list(filter: MedicineListFilter): Promise<MedicineListResponse>;
  suggest(q: string): Promise<MedicineSuggestion[]>;
};

const SEARCH_FIELDS = ['name', 'activeIngredient', 'developedBy', 'category'] as const;

type Snapshot = { rows: Map<string, MedicineRow>; index: MiniSearch<MedicineRow>; generation: number };

type Match = { row: MedicineRow; tier: number; score: number };

/** A facet's value of a row, as the query and the response spell it. */
const facetValue: Record<MedicineFacet, (row: MedicineRow) => string | null> = {
  category: (row) => row.category,
  dosageForm: (row) => row.dosageForm,
  prescriptionRequired: (row) => String(row.prescriptionRequired),
  developedBy: (row) => row.developedBy,
};

const byName = (a: MedicineRow, b: MedicineRow) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

// Ties are broken by name and then id, so consecutive pages never overlap or skip a row.
const SORTS: Record<NonNullable<MedicineListFilter['sort']>, (a: MedicineRow, b: MedicineRow) => number> = {
  price_asc: (a, b) => a.priceCents - b.priceCents || byName(a, b),
  price_desc: (a, b) => b.priceCents - a.priceCents || byName(a, b),
  in_stock: (a, b) => b.stock - a.stock || byName(a, b),
  out_of_stock: (a, b) => a.stock - b.stock || byName(a, b),
};
// Without a sort or a search, newest first: a medicine an admin just added heads the list.
const newestFirst = (a: MedicineRow, b: MedicineRow) => b.createdAt.getTime() - a.createdAt.getTime() || byName(a, b);
// With a search and no sort, exact name and ingredient matches first, then by relevance.
const byRelevance = (a: Match, b: Match) => a.tier - b.tier || b.score - a.score || byName(a.row, b.row);

function buildIndex(rows: MedicineRow[]): MiniSearch<MedicineRow> {
  const index = new MiniSearch<MedicineRow>({
    fields: [...SEARCH_FIELDS],
    storeFields: [],
    searchOptions: {
      // Typing: "parac" finds paracetamol. Typos: one edit in 5 letters, two from 10 ("amoxicilin", "paracetmol").
      prefix: true,
      fuzzy: (term) => (term.length < 4 ? 0 : term.length < 10 ? 1 : 2),
      boost: { name: 3, activeIngredient: 3, developedBy: 1, category: 1 },
      combineWith: 'AND',
      // A prefix or a typo counts for less than the word itself.
      weights: { fuzzy: 0.4, prefix: 0.6 },
    },
  });
  index.addAll(rows);
  return index;
}

/** The search's matches, best first; every medicine when there is no search. */
function search(snapshot: Snapshot, q: string | undefined): Match[] {
  if (q === undefined) return [...snapshot.rows.values()].map((row) => ({ row, tier: 0, score: 0 }));
  const exact = q.toLowerCase();
  return snapshot.index.search(q).map((hit) => {
    const row = snapshot.rows.get(hit.id as string)!;
    const tier = row.name.toLowerCase() === exact || row.activeIngredient.toLowerCase() === exact ? 0 : 1;
    return { row, tier, score: hit.score };
  });
}

export function createMedicineSearch(db: Db, catalogue: CatalogueCache): MedicineSearch {
  let current: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;

  /** The snapshot of the catalogue's current generation; concurrent callers share one reload. */
  const snapshot = async (): Promise<Snapshot> => {
    const generation = catalogue.generation();
    if (current?.generation === generation) return current;
    loading ??= (async () => {
      try {
        const rows = await db.select().from(medicines);
        // Tagged with the generation it started in: a write landing meanwhile makes the next call reload.
        current = { rows: new Map(rows.map((row) => [row.id, row])), index: buildIndex(rows), generation };
        return current;
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };

  return {
    async list(filter) {
      const matches = search(await snapshot(), filter.q);
      const minCents = filter.minPrice === undefined ? undefined : dollarsToCents(filter.minPrice);
      const maxCents = filter.maxPrice === undefined ? undefined : dollarsToCents(filter.maxPrice);
      const inStock = filter.inStock === undefined ? undefined : filter.inStock === 'true';
      const passesOthers = (row: MedicineRow) =>
        (minCents === undefined || row.priceCents >= minCents) &&
        (maxCents === undefined || row.priceCents <= maxCents) &&
        (inStock === undefined || row.stock > 0 === inStock);
      const wanted = Object.fromEntries(MEDICINE_FACETS.map((facet) => [facet, filter[facet]])) as Record<
        MedicineFacet,
        string | undefined
      >;

      // One pass: a row counts in a facet when it passes every filter but that facet's own.
      const counts = Object.fromEntries(MEDICINE_FACETS.map((facet) => [facet, new Map<string, number>()]));
      const kept: Match[] = [];
      for (const match of matches) {
        if (!passesOthers(match.row)) continue;
        const values = MEDICINE_FACETS.map((facet) => facetValue[facet](match.row));
        const failing = MEDICINE_FACETS.filter(
          (facet, i) => wanted[facet] !== undefined && values[i] !== wanted[facet],
        );
        if (failing.length === 0) kept.push(match);
        if (failing.length > 1) continue;
        MEDICINE_FACETS.forEach((facet, i) => {
          const value = values[i];
          if (value == null || (failing.length === 1 && failing[0] !== facet)) return;
          counts[facet]!.set(value, (counts[facet]!.get(value) ?? 0) + 1);
        });
      }
      const facets = Object.fromEntries(
        MEDICINE_FACETS.map((facet) => [
          facet,
          [...counts[facet]!]
            .map(([value, count]) => ({ value, count }))
            .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1)),
        ]),
      ) as MedicineFacets;

      if (filter.sort) kept.sort((a, b) => SORTS[filter.sort!](a.row, b.row));
      else if (filter.q !== undefined) kept.sort(byRelevance);
      else kept.sort((a, b) => newestFirst(a.row, b.row));
      const start = (filter.page - 1) * filter.limit;
      return {
        medicines: kept.slice(start, start + filter.limit).map((match) => toMedicine(match.row)),
        total: kept.length,
        facets,
      };
    },

    async suggest(q) {
      return search(await snapshot(), q)
        .sort(byRelevance)
        .slice(0, SUGGESTIONS_LIMIT)
        .map(({ row }) => ({
          _id: row.id,
          name: row.name,
          activeIngredient: row.activeIngredient,
          strength: row.strength,
          dosageForm: row.dosageForm,
          prescriptionRequired: row.prescriptionRequired,
          price: centsToDollars(row.priceCents),
          imageUrl: row.imageUrl,
        }));
    },
  };
}
