import { formatPrice, medicinePath, type Substitute } from '@apotheca/contract';
import { Link } from 'react-router';
import { strengthAndForm } from './medicine-labels';
import { PrescriptionBadge } from './prescription-badge';

/**
 * What a substitute saves per unit against the medicine on the page: "Save $0.04 per tablet", or what it
 * costs more. Packs of different sizes compare only unit for unit, so without a unit there is no saving.
 */
function Saving({ substitute }: { substitute: Substitute }) {
  const { savingPerUnit, unit } = substitute;
  if (savingPerUnit === null || unit === null) return null;
  const cents = Math.round(savingPerUnit * 100);
  if (cents > 0) {
    return (
      <span className="whitespace-nowrap rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-800">
        Save {formatPrice(savingPerUnit)} per {unit}
      </span>
    );
  }
  return (
    <span className="text-sm text-muted">
      {cents === 0 ? `Same price per ${unit}` : `${formatPrice(-savingPerUnit)} more per ${unit}`}
    </span>
  );
}

type Props = {
  /** The ingredient, strength and form they share, as the heading's line names them. */
  of: { activeIngredient: string; strength: string; dosageForm: string | null };
  substitutes: readonly Substitute[];
};

/** Other brands of the same active ingredient, strength and dosage form, cheapest per unit first as the API sends them, each with its price per unit. */
export function MedicineSubstitutes({ of, substitutes }: Props) {
  return (
    <section aria-labelledby="substitutes" className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="substitutes" className="text-2xl font-bold tracking-tight text-ink">
        Substitutes
      </h2>
      <p className="mt-1 text-muted">
        Same active ingredient, strength and form: {[of.activeIngredient, strengthAndForm(of)].join(' · ')}. Cheapest
        per unit first.
      </p>
      {substitutes.length === 0 ? (
        <p className="mt-4 text-muted">No other brand of it is in the catalogue.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {substitutes.map((substitute) => (
            <li key={substitute._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="flex items-center gap-2">
                  <Link to={medicinePath(substitute._id)} className="font-semibold text-brand-800 hover:text-brand-900">
                    {substitute.name}
                  </Link>
                  {substitute.prescriptionRequired ? <PrescriptionBadge /> : null}
                </span>
                <span className="text-sm text-muted">
                  {[substitute.developedBy, substitute.packSize].filter(Boolean).join(' · ')}
                  {substitute.stock > 0 ? '' : ' · Out of Stock'}
                </span>
              </div>
              <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
                <Saving substitute={substitute} />
                <span className="flex flex-col items-end">
                  <span className="font-bold text-ink">{formatPrice(substitute.price)}</span>
                  {substitute.unitPrice !== null && substitute.unit !== null ? (
                    <span className="whitespace-nowrap text-sm text-muted">
                      {formatPrice(substitute.unitPrice)} per {substitute.unit}
                    </span>
                  ) : null}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
