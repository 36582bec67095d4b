import {
  CATALOGUE_PAGE_SIZE,
  DEFAULT_MAX_PRICE,
  DEFAULT_MIN_PRICE,
  MAX_LIST_LIMIT,
  MAX_MONEY_CENTS,
  SORTS,
  type MedicineListQuery,
  type Sort,
} from '@apotheca/contract';

/** The catalogue's filter state (SPEC.md §3), mirrored in the URL query. */
export type CatalogueFilters = {
  category: string;
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

/** Reads the filters from the URL; the page size is the limit query, else 6 (SPEC.md §9). */
export function filtersFromSearch(search: URLSearchParams): CatalogueFilters {
  const sort = search.get('sort') ?? '';
  return {
    category: search.get('category') ?? '',
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as Sort) : '',
    minPrice: price(search.get('minPrice'), DEFAULT_MIN_PRICE),
    maxPrice: price(search.get('maxPrice'), DEFAULT_MAX_PRICE),
    limit: wholeNumber(search.get('limit'), CATALOGUE_PAGE_SIZE, MAX_LIST_LIMIT),
    page: wholeNumber(search.get('page'), 1),
  };
}

/** Writes the filters back; any filter change resets the page to 1 (SPEC.md §2). */
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
  category: filters.category,
  sort: filters.sort || undefined,
  minPrice: filters.minPrice,
  maxPrice: filters.maxPrice,
  limit: filters.limit,
  page: filters.page,
});
