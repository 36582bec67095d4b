import { STAFF_SCREEN_READ } from '../../../lib/api';
import type { Order } from '@apotheca/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useGetOrderQuery } from '../../../features/orders/order-admin.api';
import { AdminPageHeader } from './admin-page-header';
import { useBackLink } from './list-return.hook';

/**
 * An admin screen about one order (its details, its prescription's review): a way back to the list
 * or screen it came from, its heading, then `children` with the order once loaded, or why it could not be.
 */
export function AdminOrderFrame({
  id,
  back,
  title,
  loadingLabel,
  children,
}: {
  id: string;
  back: { to: string; label: string };
  title: string;
  loadingLabel: string;
  children: (order: Order) => ReactNode;
}) {
  const { data, isLoading, error } = useGetOrderQuery(id, STAFF_SCREEN_READ);
  const order = data?.order;
  const backLink = useBackLink(back);
  return (
    <section>
      <Link to={backLink.to} className="text-sm font-medium text-brand-800 hover:underline">
        ← {backLink.label}
      </Link>
      <AdminPageHeader title={title} subtitle={order ? `Order ${order.number}` : undefined} />
      {isLoading ? <Spinner label={loadingLabel} /> : error || !order ? <LoadError error={error} /> : children(order)}
    </section>
  );
}
