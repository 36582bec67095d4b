import {
  CATALOGUE_PAGE_SIZE,
  CATEGORIES,
  isPriceRange,
  PATHS,
  PRICE_RANGE_MESSAGE,
  SORT_LABELS,
  SORTS,
} from '@apotheca/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { SUBMIT_ON_CHANGE } from '../../lib/early-input';
import { filtersFromSearch, type CatalogueFilters } from './catalogue-filters';

const CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...CATEGORIES.map((c) => ({ value: c, label: c }))];
/**
 * The shop's categories and, when the list is filtered by another (an admin may name one of their own,
 * and the facets offer it), that one too: a select without it would show "All categories".
 */
const categoryOptions = (category: string) =>
  category === '' || (CATEGORIES as readonly string[]).includes(category)
    ? CATEGORY_OPTIONS
    : [...CATEGORY_OPTIONS, { value: category, label: category }];
const SORT_OPTIONS = [{ value: '', label: 'Featured' }, ...SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))];
/**
 * Each select's cell: half a row on a tablet, and the two larger columns of the form's one row on a wider
 * screen, so that each choice is whole from a tablet up. A phone keeps the two selects on one row (SELECT_ROW),
 * with less padding, for the first medicine's picture to stay in a small phone's first screen.
 */
const SELECT_CELL = 'min-w-0 md:col-span-3 lg:col-span-1 max-md:[&>select]:px-2';
/**
 * The selects' row on a phone, a grid of its own there and no box from a tablet up (its cells are then the
 * form's). Half of it each was too narrow for a long category once chosen ('Blood Pressure Medicine' lost
 * its last letters): where the browser can size a select to its chosen text, Category takes that width,
 * and Sort by, whose choices are shorter, the rest, down to 4rem beside a category longer than the shop's
 * own. Elsewhere a select is as wide as its widest choice, which would leave Sort by a sliver beside
 * 'All categories', so the row stays in halves.
 */
const SELECT_ROW =
  'col-span-full grid grid-cols-2 gap-x-3 md:contents supports-[field-sizing:content]:grid-cols-[minmax(0,max-content)_minmax(4rem,1fr)]';
/** The Category select sized to its chosen text on a phone (SELECT_ROW). */
const CATEGORY_CELL = `${SELECT_CELL} max-md:[&>select]:field-sizing-content`;

type PriceKey = 'minPrice' | 'maxPrice';
const KEPT_FILTERS = ['q', 'dosageForm', 'prescriptionRequired', 'developedBy'] as const;
type Props = {
  filters: CatalogueFilters;
  onChange: (change: Partial<Omit<CatalogueFilters, 'page'>>) => void;
};

/**
 * The category and sort selects and the price range of the filter state, as a GET form
 * on the catalogue: without JavaScript, or before it has run, 'Apply' (or a changed select, see
 * lib/early-input.ts) loads the filtered catalogue, page 1. Once hydrated, a change applies at once.
 */
export function CatalogueToolbar({ filters, onChange }: Props) {
  // A range typed here that holds no price, kept off the list until put right; or the URL's own, as a
  // search sent without JavaScript (or a link) brings it.
  const [rangeRefused, setRangeRefused] = useState(false);
  const rangeError = rangeRefused || !isPriceRange(filters.minPrice, filters.maxPrice);
  const rangeErrorId = `${useId()}-price-range`;
  // A field read as the URL reads it, as the form sent without JavaScript is: an emptied one lifts its
  // bound, where it kept the list to the old price while the field showed none.
  const priceOf = (raw: string, key: PriceKey) => filtersFromSearch(new URLSearchParams({ [key]: raw }))[key];
  /** The price fields' change, both read at once: a range whose minimum is above its maximum is said and not applied. */
  const priceChange = (form: FormData | HTMLFormElement) => {
    const fields = form instanceof FormData ? form : new FormData(form);
    const text = (name: PriceKey) => {
      const value = fields.get(name);
      return typeof value === 'string' ? value : '';
    };
    const minPrice = priceOf(text('minPrice'), 'minPrice');
    const maxPrice = priceOf(text('maxPrice'), 'maxPrice');
    const valid = isPriceRange(minPrice, maxPrice);
    setRangeRefused(!valid);
    if (!valid) return undefined;
    return {
      ...(minPrice !== filters.minPrice ? { minPrice } : {}),
      ...(maxPrice !== filters.maxPrice ? { maxPrice } : {}),
    };
  };
  const applyPrices = (form: HTMLFormElement | null) => {
    const change = form && priceChange(form);
    if (change && Object.keys(change).length > 0) onChange(change);
  };
  // The whole form, selects included, as a GET submission would send it: a select changed while the
  // page hydrates is submitted by lib/early-input.ts and arrives here, never through its onChange.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Every field of this form is text: a missing one reads as empty.
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const prices = priceChange(form);
    if (!prices) return;
    const chosen = filtersFromSearch(new URLSearchParams({ category: text('category'), sort: text('sort') }));
    const change = {
      ...(chosen.category !== filters.category ? { category: chosen.category } : {}),
      ...(chosen.sort !== filters.sort ? { sort: chosen.sort } : {}),
      ...prices,
    };
    if (Object.keys(change).length > 0) onChange(change);
  };
  const priceField = (key: PriceKey, label: string) => (
    <TextField
      label={label}
      name={key}
      type="number"
      min={0}
      step="any"
      inputMode="decimal"
      defaultValue={filters[key]}
      key={`${key}-${filters[key]}`}
      className="col-span-2 min-w-0 lg:col-span-1"
      // Applied once the patient leaves the field (or presses Enter or Apply), never at a keystroke or a
      // pause: typing 150 would search for 1 and 15 first, each search resetting the page, and a maximum's
      // first figure would be said to be below the minimum. An applied price also re-keys its field, which
      // would take the caret from a patient still typing in it.
      onBlur={(event) => applyPrices(event.target.form)}
      // Typing replaces the price shown: a click into Min's 0 otherwise typed after it, and 150 read 0150.
      onFocus={(event) => event.target.select()}
      aria-invalid={rangeError || undefined}
      aria-describedby={rangeError ? rangeErrorId : undefined}
    />
  );
  return (
    <form
      method="get"
      action={PATHS.medicines}
      // No restored choices on coming back: a select that differs from the page's own is a new choice.
      autoComplete="off"
      aria-label="Filters"
      onSubmit={submit}
      {...{ [SUBMIT_ON_CHANGE]: '' }}
      className="grid grid-cols-6 items-end gap-x-3 gap-y-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:gap-4 md:p-4 lg:grid-cols-[3fr_2fr_1fr_1fr_auto]"
    >
      <div className={SELECT_ROW}>
        <SelectField
          label="Category"
          name="category"
          className={CATEGORY_CELL}
          value={filters.category}
          options={categoryOptions(filters.category)}
          onChange={(event) => onChange({ category: event.target.value })}
        />
        <SelectField
          label="Sort by"
          name="sort"
          className={SELECT_CELL}
          value={filters.sort}
          options={SORT_OPTIONS}
          onChange={(event) => onChange({ sort: event.target.value as CatalogueFilters['sort'] })}
        />
      </div>
      {priceField('minPrice', 'Min price ($)')}
      {priceField('maxPrice', 'Max price ($)')}
      {filters.limit !== CATALOGUE_PAGE_SIZE ? <input type="hidden" name="limit" value={filters.limit} /> : null}
      {/* The search words and the facets chosen outside this form travel with it. */}
      {KEPT_FILTERS.map((key) =>
        filters[key] ? <input key={key} type="hidden" name={key} value={filters[key]} /> : null,
      )}
      <Button type="submit" variant="secondary" className="col-span-2 lg:col-span-1">
        Apply
      </Button>
      {rangeError ? (
        <p id={rangeErrorId} role="alert" className="col-span-full text-sm text-red-700">
          {PRICE_RANGE_MESSAGE}
        </p>
      ) : null}
    </form>
  );
}
