import { ADMIN_ORDERS_PAGE_SIZE, type OrderListQuery } from '@apotheca/contract';
import { useListOrdersQuery } from '../../../features/orders/order-admin.api';
import { useListParam, usePageParam } from './page-param.hook';

/**
 * A page of the staff's orders narrowed by `filter` and searched by order number or patient on the
 * server; the page and the search are kept in the URL.
 */
export function useOrderListPage(filter: Omit<OrderListQuery, 'page' | 'limit' | 'q'>) {
  const [page, setPage] = usePageParam();
  const [q, setQ] = useListParam('q');
  const { data, isLoading, isFetching, error } = useListOrdersQuery({
    ...filter,
    page,
    limit: ADMIN_ORDERS_PAGE_SIZE,
    q: q || undefined,
  });
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / ADMIN_ORDERS_PAGE_SIZE));
  return { page, setPage, pageCount, q, setQ, data, orders: data?.orders ?? [], isLoading, isFetching, error };
}
