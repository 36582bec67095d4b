import { MEDICINE_FACETS, type FacetCount, type MedicineFacet, type MedicineFacets } from '@apotheca/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { catalogueSearch, searchWithFilter, type CatalogueFilters } from './catalogue-filters';
import { PRESCRIPTION_LABELS } from './medicine-labels';

const FACET_TITLES: Record<MedicineFacet, string> = {
  category: 'Category',
  dosageForm: 'Dosage form',
  prescriptionRequired: 'Prescription',
  developedBy: 'Maker',
};
type Props = {
  facets: MedicineFacets;
  filters: CatalogueFilters;
};

/** Values shown before a facet's list folds. */
const FACET_VALUES_SHOWN = 8;
const valueLabel = (facet: MedicineFacet, value: string) =>
  facet === 'prescriptionRequired' ? (PRESCRIPTION_LABELS[value] ?? value) : value;

/** One facet's values as links with their counts; the value in use links to the catalogue without it. */
function FacetValues({
  facet,
  values,
  filters,
}: { facet: MedicineFacet; values: readonly FacetCount[] } & Omit<Props, 'facets'>) {
  return (
    <ul className="flex flex-col gap-0.5">
      {values.map(({ value, count }) => {
        const chosen = filters[facet] === value;
        const next = searchWithFilter(catalogueSearch(filters), { [facet]: chosen ? '' : value });
        return (
          <li key={value}>
            <Link
              to={{ search: `?${next.toString()}` }}
              aria-current={chosen ? 'true' : undefined}
              aria-label={`${valueLabel(facet, value)} (${count})`}
              className={`flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm ${chosen ? 'bg-brand-100 font-semibold text-brand-900' : 'text-ink hover:bg-slate-100'}`}
            >
              <span className="min-w-0 wrap-break-word">
                {chosen ? <span aria-hidden="true">✓ </span> : null}
                {valueLabel(facet, value)}
              </span>
              <span className="shrink-0 tabular-nums text-muted">{count}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** A facet's values, with the value in use kept, at 0, so it can be removed even when nothing matches it. */
function valuesOf(facets: MedicineFacets, facet: MedicineFacet, chosen: string): readonly FacetCount[] {
  return chosen && !facets[facet].some(({ value }) => value === chosen)
    ? [...facets[facet], { value: chosen, count: 0 }]
    : facets[facet];
}

function FacetGroups({ facets, filters }: Props) {
  return (
    <div className="flex flex-col gap-5">
      {MEDICINE_FACETS.map((facet) => {
        const chosen = filters[facet];
        const counts = valuesOf(facets, facet, chosen);
        if (counts.length === 0) return null;
        return (
          // Not named by its title: 'Category' names the catalogue's category select alone.
          <section key={facet}>
            <h3 className="mb-2 text-sm font-semibold text-ink">{FACET_TITLES[facet]}</h3>
            <FacetValues facet={facet} filters={filters} values={counts.slice(0, FACET_VALUES_SHOWN)} />
            {counts.length > FACET_VALUES_SHOWN ? (
              // A long list (the makers) shows its largest values; the rest unfold, already open when one is in use.
              <details open={counts.slice(FACET_VALUES_SHOWN).some(({ value }) => value === chosen)}>
                <summary className="cursor-pointer px-2 py-1.5 text-sm font-semibold text-brand-700">
                  {counts.length - FACET_VALUES_SHOWN} more
                </summary>
                <FacetValues facet={facet} filters={filters} values={counts.slice(FACET_VALUES_SHOWN)} />
              </details>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/** Whether the matches have any facet to show: none when nothing matched. */
export const hasFacets = ({ facets, filters }: Props) =>
  MEDICINE_FACETS.some((facet) => valuesOf(facets, facet, filters[facet]).length > 0);

/**
 * How many of the current matches each category, dosage form, prescription status and maker has.
 * Every value is a real link to the catalogue with that filter applied (or removed, for the value in
 * use), so the counts filter with JavaScript off too. `fold`: a disclosure beside the page's heading
 * on a phone and a tablet, so the first results stay in view; `column`: beside the results on a desktop.
 */
export function CatalogueFacets({ layout, ...props }: Props & { layout: 'fold' | 'column' }) {
  const headingId = useId();
  if (!hasFacets(props)) return null;
  return layout === 'fold' ? (
    <details className="group lg:hidden open:basis-full">
      <summary className="ml-auto w-fit cursor-pointer rounded-lg border border-slate-200 bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm">
        <h2 className="inline">Refine results</h2>
      </summary>
      <div className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <FacetGroups {...props} />
      </div>
    </details>
  ) : (
    <aside aria-labelledby={headingId} className="hidden lg:block">
      <h2 id={headingId} className="sr-only">
        Refine results
      </h2>
      <FacetGroups {...props} />
    </aside>
  );
}
