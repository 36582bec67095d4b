import { formatPrice, medicinePath, type Substitute } from '@apotheca/contract';
import { Link } from 'react-router';
import { strengthAndForm } from './medicine-labels';
import { PrescriptionBadge } from './prescription-badge';

/**
 * What a substitute saves per unit against the medicine on the page: "Save $0.04 per tablet", or what it
 * costs more. Packs of different sizes compare only unit for unit, so without a unit there is no saving.
 * `className` places it in its row.
 */
function Saving({ substitute, className }: { substitute: Substitute; className: string }) {
  const { savingPerUnit, unit } = substitute;
  if (savingPerUnit === null || unit === null) return null;
  const cents = Math.round(savingPerUnit * 100);
  if (cents > 0) {
    return (
      <span
        className={`${className} whitespace-nowrap rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-800`}
      >
        Save {formatPrice(savingPerUnit)} per {unit}
      </span>
    );
  }
  return (
    <span className={`${className} text-sm text-muted`}>
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
        // The rows share one grid (each a subgrid of it), so every price sits in the same column, right-aligned,
        // whether or not its row says what it saves: beside the price on a wide screen, under the name on a phone.
        <ul className="mt-4 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 divide-y divide-slate-200 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
          {substitutes.map((substitute) => (
            <li key={substitute._id} className="col-span-full grid grid-cols-subgrid items-center gap-y-1 py-3">
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
              <Saving
                substitute={substitute}
                className="col-start-1 row-start-2 justify-self-start sm:col-start-2 sm:row-start-1 sm:justify-self-end"
              />
              <span className="col-start-2 row-start-1 flex flex-col items-end sm:col-start-3">
                <span className="font-bold text-ink">{formatPrice(substitute.price)}</span>
                {substitute.unitPrice !== null && substitute.unit !== null ? (
                  <span className="whitespace-nowrap text-sm text-muted">
                    {formatPrice(substitute.unitPrice)} per {substitute.unit}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
