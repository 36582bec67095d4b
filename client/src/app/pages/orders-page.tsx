import { PATHS } from '@apotheca/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { MyOrdersTable } from '../../features/orders/my-orders-table';
import { useMyOrdersQuery } from '../../features/orders/orders.api';
import { FormAlert } from '../../components/ui/form-alert';
import { OrderAddressForm } from './order-address-form';

export default function OrdersPage() {
  const { data, isLoading, error } = useMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-ink">My orders</h1>
      {isLoading ? <Spinner label="Loading your orders…" /> : null}
      {/* The shopper sees 'No orders found' when the call fails, not the error's details. */}
      {error ? <FormAlert>No orders found</FormAlert> : null}
      {data && data.orders.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white p-12 text-center">
          <p className="text-xl font-semibold text-ink">No Orders Yet</p>
          <p className="text-muted">Your orders will appear here once you check out.</p>
          <Link to={PATHS.medicines} className={buttonClasses()}>
            Start Shopping
          </Link>
        </div>
      ) : null}
      {data && data.orders.length > 0 ? <MyOrdersTable orders={data.orders} AddressForm={OrderAddressForm} /> : null}
    </div>
  );
}
