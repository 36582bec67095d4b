import { PATHS } from '@apotheca/contract';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { DetailList } from '../../components/ui/detail-list';
import { Spinner } from '../../components/ui/spinner';
import { UploadedImage } from '../../components/ui/uploaded-image';
import { AddToCartButton } from '../../features/medicines/add-to-cart-button';
import { useGetMedicineQuery } from '../../features/medicines/medicines.api';
import { formatPrice } from '../../lib/currency';
import { useAddToCart } from '../add-to-cart.hook';

export default function MedicineDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useGetMedicineQuery(id);
  const { addToCart, quantityOf } = useAddToCart();
  const medicine = data?.medicine;
  const inCart = medicine ? (quantityOf(medicine._id) ?? 0) : 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to={PATHS.medicines} className="text-sm font-semibold text-brand-700 hover:text-brand-900">
        ← Back to medicines
      </Link>
      {isLoading ? <Spinner label="Loading medicine…" /> : null}
      {error ? <LoadError error={error} /> : null}
      {medicine ? (
        <article className="mt-6 grid gap-8 md:grid-cols-2">
          <UploadedImage
            imageUrl={medicine.imageUrl}
            alt={medicine.name}
            sizes="(min-width: 768px) 560px, 100vw"
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-3xl border border-slate-200 bg-brand-50 object-cover"
          />
          <div className="flex flex-col gap-5">
            <p className="w-fit rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              {medicine.category}
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-ink">{medicine.name}</h1>
            <p className="text-3xl font-bold text-brand-800">{formatPrice(medicine.price)}</p>
            <DetailList
              variant="tiles"
              rows={[
                ['Developed By', medicine.developedBy],
                ['Category', medicine.category],
                ['Max Expiry', `${medicine.maxMonthsExpiry} months`],
                ['Stock', medicine.stock > 0 ? `${medicine.stock} in stock` : 'Out of Stock'],
              ]}
            />
            {inCart > 0 ? <p className="font-medium text-brand-800">In cart · Quantity: {inCart}</p> : null}
            {medicine.stock > 0 ? (
              <AddToCartButton medicine={medicine} onAddToCart={addToCart} size="lg" />
            ) : (
              <p className="rounded-lg bg-slate-100 px-4 py-3 text-center font-semibold text-slate-700">Out of Stock</p>
            )}
          </div>
        </article>
      ) : null}
    </div>
  );
}
