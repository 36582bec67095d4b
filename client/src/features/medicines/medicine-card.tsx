import { formatPrice, medicinePath, type Medicine } from '@apotheca/contract';
import { Link } from 'react-router';
import { DetailList } from '../../components/ui/detail-list';
import { UploadedImage } from '../../components/ui/uploaded-image';
import { AddToCartButton } from './add-to-cart-button';
import { catalogueReturnState } from './catalogue-filters';
import { strengthAndForm } from './medicine-labels';
import { PrescriptionBadge } from './prescription-badge';

type Props = {
  medicine: Medicine;
  onAddToCart: (medicine: Medicine) => void;
  /** Its add to the cart is on its way. */
  adding?: boolean;
  /** In the catalogue the card says whether the medicine is in the cart and how many. */
  cartQuantity?: number | undefined;
  /** Above the fold: load the image at once instead of lazily. */
  eager?: boolean;
  /** The catalogue's search the card is listed under, which the medicine's page links back to. */
  openedFrom?: URLSearchParams | undefined;
};

/** A medicine's card: image, name, maker, price, stock and its add-to-cart button. */
export function MedicineCard({
  medicine,
  onAddToCart,
  adding = false,
  cartQuantity,
  eager = false,
  openedFrom,
}: Props) {
  const inCart = cartQuantity !== undefined && cartQuantity > 0;
  const linkState = openedFrom ? catalogueReturnState(openedFrom) : undefined;
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link
        to={medicinePath(medicine._id)}
        state={linkState}
        className="block bg-brand-50"
        tabIndex={-1}
        aria-hidden="true"
      >
        <UploadedImage
          imageUrl={medicine.imageUrl}
          alt=""
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          loading={eager ? 'eager' : 'lazy'}
          className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-lg font-semibold text-ink">
            <Link to={medicinePath(medicine._id)} state={linkState} className="hover:text-brand-700">
              {medicine.name}
            </Link>
          </h3>
          <p className="text-lg font-bold text-brand-800">{formatPrice(medicine.price)}</p>
        </div>
        {medicine.strength || medicine.dosageForm || medicine.prescriptionRequired ? (
          <p className="-mt-2 flex flex-wrap items-center gap-2 text-sm font-medium text-muted">
            {strengthAndForm(medicine)}
            {medicine.prescriptionRequired ? <PrescriptionBadge /> : null}
          </p>
        ) : null}
        <DetailList
          rows={[
            ['Developed By', medicine.developedBy],
            ['Category', medicine.category],
            ['Max Expiry', `${medicine.maxMonthsExpiry} months`],
          ]}
        />
        {cartQuantity !== undefined ? (
          <p className={`text-sm font-medium ${inCart ? 'text-brand-800' : 'text-muted'}`}>
            {inCart ? `In cart · Quantity: ${cartQuantity}` : 'Not in cart'}
          </p>
        ) : null}
        <div className="mt-auto pt-1">
          {medicine.stock > 0 ? (
            <AddToCartButton medicine={medicine} onAddToCart={onAddToCart} busy={adding} className="w-full" />
          ) : (
            <p className="rounded-lg bg-slate-100 px-4 py-2 text-center text-sm font-semibold text-slate-700">
              Out of Stock
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
