import { formatPrice, PATHS } from '@apotheca/contract';
import { Link, useLocation, useParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { DetailList, type DetailRow } from '../../components/ui/detail-list';
import { Spinner } from '../../components/ui/spinner';
import { UploadedImage } from '../../components/ui/uploaded-image';
import { AddToCartButton } from '../../features/medicines/add-to-cart-button';
import { catalogueReturnPath } from '../../features/medicines/catalogue-filters';
import { MedicineLeaflet } from '../../features/medicines/medicine-leaflet';
import { strengthAndForm } from '../../features/medicines/medicine-labels';
import { MedicineSubstitutes } from '../../features/medicines/medicine-substitutes';
import { useGetMedicineQuery, useGetSubstitutesQuery } from '../../features/medicines/medicines.api';
import { useHydrated } from '../../lib/hydration.hook';
import { useAddToCart } from '../add-to-cart.hook';

export default function MedicineDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useGetMedicineQuery(id);
  const medicine = data?.medicine;
  // Substitutes share the ingredient; a medicine that names none has none to show.
  const { data: substitutes } = useGetSubstitutesQuery(id, { skip: !medicine?.activeIngredient });
  const { addToCart, isAdding, quantityOf } = useAddToCart();
  const inCart = medicine ? (quantityOf(medicine._id) ?? 0) : 0;
  // Back to the list the card was opened from. A reload keeps that in the history entry, which the
  // server never sees: its link to the catalogue's start stands until the page has hydrated.
  const historyState: unknown = useLocation().state;
  const back = useHydrated() ? catalogueReturnPath(historyState) : PATHS.medicines;
  // The record's details that are stated, then the rows every medicine has.
  const details: DetailRow[] = medicine
    ? [
        ...(
          [
            ['Active ingredient', medicine.activeIngredient],
            ['Strength', medicine.strength],
            ['Dosage form', medicine.dosageForm ?? ''],
            ['Pack size', medicine.packSize],
          ] as const
        ).filter(([, value]) => value !== ''),
        ['Developed By', medicine.developedBy],
        ['Category', medicine.category],
        ['Max Expiry', `${medicine.maxMonthsExpiry} months`],
        ['Stock', medicine.stock > 0 ? `${medicine.stock} in stock` : 'Out of Stock'],
      ]
    : [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to={back} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
        ← Back to medicines
      </Link>
      {isLoading ? <Spinner label="Loading medicine…" /> : null}
      {error ? <LoadError error={error} /> : null}
      {medicine ? (
        <div className="mt-6 flex flex-col gap-8">
          <article className="grid gap-8 md:grid-cols-2">
            <UploadedImage
              imageUrl={medicine.imageUrl}
              alt={medicine.name}
              sizes="(min-width: 768px) 560px, 100vw"
              fetchPriority="high"
              className="aspect-[4/3] w-full rounded-3xl border border-slate-200 bg-brand-50 object-cover"
            />
            {/* min-w-0: a long name wraps inside the column instead of widening it past a phone's screen. */}
            <div className="flex min-w-0 flex-col gap-5">
              <p className="w-fit rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
                {medicine.category}
              </p>
              <div className="flex flex-col gap-1">
                <h1 className="text-3xl font-extrabold tracking-tight text-ink wrap-break-word sm:text-4xl">
                  {medicine.name}
                </h1>
                {medicine.activeIngredient || medicine.strength || medicine.dosageForm ? (
                  <p className="text-lg text-muted">
                    {[medicine.activeIngredient, strengthAndForm(medicine)].filter(Boolean).join(' · ')}
                  </p>
                ) : null}
              </div>
              <p className="text-3xl font-bold text-brand-800">{formatPrice(medicine.price)}</p>
              {medicine.prescriptionRequired ? (
                <div role="note" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-900">
                  <p className="font-bold">
                    <span aria-hidden="true" className="mr-2 rounded-md bg-rose-700 px-1.5 py-0.5 text-sm text-white">
                      Rx
                    </span>
                    Prescription required
                  </p>
                  <p className="mt-1 text-sm">
                    This medicine is supplied only against a valid prescription from a doctor or another prescriber.
                  </p>
                </div>
              ) : null}
              {inCart > 0 ? <p className="font-medium text-brand-800">In cart · Quantity: {inCart}</p> : null}
              {medicine.stock > 0 ? (
                <AddToCartButton medicine={medicine} onAddToCart={addToCart} busy={isAdding(medicine._id)} size="lg" />
              ) : (
                <p className="rounded-lg bg-slate-100 px-4 py-3 text-center font-semibold text-slate-700">
                  Out of Stock
                </p>
              )}
              <DetailList variant="tiles" rows={details} />
            </div>
          </article>
          <MedicineLeaflet medicine={medicine} />
          {substitutes ? <MedicineSubstitutes of={medicine} substitutes={substitutes.substitutes} /> : null}
        </div>
      ) : null}
    </div>
  );
}
