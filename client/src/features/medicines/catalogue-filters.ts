import {
  CATALOGUE_PAGE_SIZE,
  cataloguePath,
  DEFAULT_MAX_PRICE,
  DEFAULT_MIN_PRICE,
  DOSAGE_FORMS,
  isBlankText,
  MAX_LIST_LIMIT,
  MAX_MONEY_CENTS,
  SEARCH_QUERY_MAX_LENGTH,
  SORTS,
  type DosageForm,
  type MedicineListQuery,
  type Sort,
} from '@apotheca/contract';

/** The catalogue's filter state, mirrored in the URL query so a link or a reload keeps it. */
export type CatalogueFilters = {
  /** The search words, as typed in the header box. */
  q: string;
  category: string;
  dosageForm: DosageForm | '';
  prescriptionRequired: 'true' | 'false' | '';
  developedBy: string;
  sort: Sort | '';
  minPrice: number;
  maxPrice: number;
  limit: number;
  page: number;
};

const wholeNumber = (raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};
/** A price of the URL, at most the largest one the API takes (MAX_MONEY_CENTS). */
const price = (raw: string | null, fallback: number) => {
  const value = Number(raw);
  return raw && Number.isFinite(value) && value >= 0 ? Math.min(value, MAX_MONEY_CENTS / 100) : fallback;
};
const oneOf = <T extends string>(raw: string | null, values: readonly T[]): T | '' =>
  (values as readonly (string | null)[]).includes(raw) ? (raw as T) : '';

/** Reads the filters from the URL; the page size is the limit query, else 6. */
export function filtersFromSearch(search: URLSearchParams): CatalogueFilters {
  const q = search.get('q') ?? '';
  return {
    // Cut to what the API takes, so a pasted long URL still shows results rather than an error; words
    // that show nothing are no search, as the API reads them.
    q: isBlankText(q) ? '' : q.trim().slice(0, SEARCH_QUERY_MAX_LENGTH),
    category: search.get('category') ?? '',
    dosageForm: oneOf(search.get('dosageForm'), DOSAGE_FORMS),
    prescriptionRequired: oneOf(search.get('prescriptionRequired'), ['true', 'false'] as const),
    developedBy: search.get('developedBy') ?? '',
    sort: oneOf(search.get('sort'), SORTS),
    minPrice: price(search.get('minPrice'), DEFAULT_MIN_PRICE),
    maxPrice: price(search.get('maxPrice'), DEFAULT_MAX_PRICE),
    limit: wholeNumber(search.get('limit'), CATALOGUE_PAGE_SIZE, MAX_LIST_LIMIT),
    page: wholeNumber(search.get('page'), 1),
  };
}

const DEFAULT_FILTERS = filtersFromSearch(new URLSearchParams());

/**
 * The URL query of `filters`: the values that differ from the defaults, in one order. Links built from
 * it are the same for every URL that shows the same catalogue (the server keeps one rendered page for
 * them all), whatever order or unknown parameters the visited URL had.
 */
export function catalogueSearch(filters: CatalogueFilters): URLSearchParams {
  return new URLSearchParams(
    Object.entries(filters)
      .filter(([key, value]) => value !== DEFAULT_FILTERS[key as keyof CatalogueFilters])
      .map(([key, value]): [string, string] => [key, String(value)]),
  );
}

/** The filters that narrow what is listed beyond the search words: order, page and page size do not. */
const NARROWING: readonly (keyof CatalogueFilters)[] = [
  'category',
  'dosageForm',
  'prescriptionRequired',
  'developedBy',
  'minPrice',
  'maxPrice',
];

/** Whether any filter besides the search words narrows the list (a price range other than the whole one, too). */
export const isNarrowed = (filters: CatalogueFilters): boolean =>
  NARROWING.some((key) => filters[key] !== DEFAULT_FILTERS[key]);

/** Writes the filters back; any filter change resets the page to 1, as the old page may no longer exist. */
export function searchWithFilter(
  search: URLSearchParams,
  change: Partial<Omit<CatalogueFilters, 'page'>> | { page: number },
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(change)) {
    if (value === '' || value === undefined) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.set('page', '1');
  return next;
}

export const listQueryOf = (filters: CatalogueFilters): MedicineListQuery => ({
  q: filters.q,
  category: filters.category,
  dosageForm: filters.dosageForm,
  prescriptionRequired: filters.prescriptionRequired,
  developedBy: filters.developedBy,
  sort: filters.sort || undefined,
  minPrice: filters.minPrice,
  maxPrice: filters.maxPrice,
  limit: filters.limit,
  page: filters.page,
});

/**
 * What a card's link leaves in the history entry of the medicine's page it opens: the catalogue's
 * search, filters and page, so that page's way back returns to the list the patient was reading.
 */
export const catalogueReturnState = (search: URLSearchParams) => ({ catalogueSearch: search.toString() });

/** Where a medicine's page links back to: the list it was opened from (catalogueReturnState), else the catalogue's start. */
export function catalogueReturnPath(historyState: unknown): string {
  const search =
    typeof historyState === 'object' && historyState !== null && 'catalogueSearch' in historyState
      ? historyState.catalogueSearch
      : undefined;
  return cataloguePath(typeof search === 'string' ? new URLSearchParams(search) : undefined);
}
