import { CATEGORIES, SORT_LABELS, SORTS } from '@apotheca/contract';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { CatalogueFilters } from './catalogue-filters';

const CATEGORY_OPTIONS = [{ value: '', label: 'All categories' }, ...CATEGORIES.map((c) => ({ value: c, label: c }))];
const SORT_OPTIONS = [{ value: '', label: 'Featured' }, ...SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))];

type Props = {
  filters: CatalogueFilters;
  onChange: (change: Partial<Omit<CatalogueFilters, 'page'>>) => void;
};

/** The category and sort selects of SPEC.md §2, and the price range of the filter state. */
export function CatalogueToolbar({ filters, onChange }: Props) {
  const priceChange = (key: 'minPrice' | 'maxPrice', raw: string) => {
    const value = Number(raw);
    if (raw !== '' && Number.isFinite(value) && value >= 0 && value !== filters[key]) onChange({ [key]: value });
  };
  return (
    <div className="grid grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-4">
      <SelectField
        label="Category"
        className="col-span-2 md:col-span-1"
        value={filters.category}
        options={CATEGORY_OPTIONS}
        onChange={(event) => onChange({ category: event.target.value })}
      />
      <SelectField
        label="Sort by"
        className="col-span-2 md:col-span-1"
        value={filters.sort}
        options={SORT_OPTIONS}
        onChange={(event) => onChange({ sort: event.target.value as CatalogueFilters['sort'] })}
      />
      <TextField
        label="Min price ($)"
        type="number"
        min={0}
        inputMode="decimal"
        defaultValue={filters.minPrice}
        key={`min-${filters.minPrice}`}
        onBlur={(event) => priceChange('minPrice', event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && priceChange('minPrice', event.currentTarget.value)}
      />
      <TextField
        label="Max price ($)"
        type="number"
        min={0}
        inputMode="decimal"
        defaultValue={filters.maxPrice}
        key={`max-${filters.maxPrice}`}
        onBlur={(event) => priceChange('maxPrice', event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && priceChange('maxPrice', event.currentTarget.value)}
      />
    </div>
  );
}
