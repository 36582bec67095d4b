import { describe, expect, it } from 'vitest';
import { catalogueSearch, filtersFromSearch, listQueryOf, searchWithFilter } from './catalogue-filters';

/** The filters of a URL that sets none. */
const DEFAULT_FILTERS = {
  q: '',
  category: '',
  dosageForm: '',
  prescriptionRequired: '',
  developedBy: '',
  sort: '',
  minPrice: 0,
  maxPrice: 2000,
  limit: 6,
  page: 1,
};

describe('catalogue filters in the URL', () => {
  it('defaults to 6 a page, page 1 and the price range 0 to 2000', () => {
    expect(filtersFromSearch(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('reads every filter, and ignores values that make no sense', () => {
    const search = new URLSearchParams(
      'q=+amoxicilin+&category=Antibiotic&dosageForm=Capsule&prescriptionRequired=true&developedBy=Sandoz' +
        '&sort=price_desc&minPrice=5&maxPrice=50&limit=3&page=4',
    );
    expect(filtersFromSearch(search)).toEqual({
      q: 'amoxicilin',
      category: 'Antibiotic',
      dosageForm: 'Capsule',
      prescriptionRequired: 'true',
      developedBy: 'Sandoz',
      sort: 'price_desc',
      minPrice: 5,
      maxPrice: 50,
      limit: 3,
      page: 4,
    });
    const nonsense = new URLSearchParams(
      'sort=cheapest&minPrice=-1&limit=0&page=two&dosageForm=Pill&prescriptionRequired=yes',
    );
    expect(filtersFromSearch(nonsense)).toMatchObject({
      sort: '',
      minPrice: 0,
      limit: 6,
      page: 1,
      dosageForm: '',
      prescriptionRequired: '',
    });
    // A search longer than the API takes is cut to its limit rather than refused.
    expect(filtersFromSearch(new URLSearchParams({ q: 'a'.repeat(150) })).q).toHaveLength(100);
    // Words that show nothing (a pasted zero-width space) are no search, as the API reads them.
    expect(filtersFromSearch(new URLSearchParams({ q: ' \u200b ' })).q).toBe('');
    // No price past the API's bound, which would answer 400.
    const huge = new URLSearchParams('minPrice=1e308&maxPrice=99999999999');
    expect(filtersFromSearch(huge)).toMatchObject({ minPrice: 21474836.47, maxPrice: 21474836.47 });
  });

  it('resets the page to 1 on any filter change, but not when paging', () => {
    const search = new URLSearchParams('category=Antibiotic&page=3');
    expect(searchWithFilter(search, { sort: 'price_asc' }).toString()).toBe(
      'category=Antibiotic&page=1&sort=price_asc',
    );
    expect(searchWithFilter(search, { category: '' }).toString()).toBe('page=1');
    expect(searchWithFilter(search, { page: 4 }).get('page')).toBe('4');
  });

  it('turns the filters of the URL into the list query, with no sort when none is chosen', () => {
    expect(listQueryOf(filtersFromSearch(new URLSearchParams('page=2')))).toEqual({
      ...DEFAULT_FILTERS,
      sort: undefined,
      page: 2,
    });
  });

  it('writes the query of the filters with only what differs from the defaults, in one order', () => {
    const visited = new URLSearchParams(
      'page=2&utm_source=mail&limit=6&category=Antibiotic&q=%20amoxicilin&maxPrice=2000',
    );
    expect(catalogueSearch(filtersFromSearch(visited)).toString()).toBe('q=amoxicilin&category=Antibiotic&page=2');
    expect(catalogueSearch(filtersFromSearch(new URLSearchParams())).toString()).toBe('');
  });
});
