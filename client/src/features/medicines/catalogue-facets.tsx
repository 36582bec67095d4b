import { MEDICINE_FACETS, type MedicineFacet, type MedicineFacets } from '@apotheca/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { searchWithFilter, type CatalogueFilters } from './catalogue-filters';
import { PRESCRIPTION_LABELS } from './medicine-labels';

const FACET_TITLES: Record<MedicineFacet, string> = {
  category: 'Category',
  dosageForm: 'Dosage form',
  prescriptionRequired: 'Prescription',
  developedBy: 'Maker',
};
const valueLabel = (facet: MedicineFacet, value: string) =>
  facet === 'prescriptionRequired' ? (PRESCRIPTION_LABELS[value] ?? value) : value;

type Props = {
  facets: MedicineFacets;
  filters: CatalogueFilters;
  search: URLSearchParams;
};

/**
 * How many of the current matches each category, dosage form, prescription status and maker has.
 * Every value is a real link to the catalogue with that filter applied (or removed, for the value in
 * use), so the counts filter with JavaScript off too.
 */
export function CatalogueFacets({ facets, filters, search }: Props) {
  const id = useId();
  return (
    <div className="flex flex-col gap-5">
      {MEDICINE_FACETS.map((facet) => {
        const counts = facets[facet];
        if (counts.length === 0) return null;
        const titleId = `${id}-${facet}`;
        return (
          <section key={facet} aria-labelledby={titleId}>
            <h3 id={titleId} className="mb-2 text-sm font-semibold text-ink">
              {FACET_TITLES[facet]}
            </h3>
            <ul className="flex flex-col gap-0.5">
              {counts.map(({ value, count }) => {
                const chosen = filters[facet] === value;
                const next = searchWithFilter(search, { [facet]: chosen ? '' : value });
                return (
                  <li key={value}>
                    <Link
                      to={{ search: `?${next.toString()}` }}
                      aria-current={chosen ? 'true' : undefined}
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
          </section>
        );
      })}
    </div>
  );
}
