import { STAFF_SCREEN_READ } from '../../../lib/api';
import { ADMIN_ORDERS_PAGE_SIZE, type OrderListQuery } from '@apotheca/contract';
import { useListOrdersQuery } from '../../../features/orders/order-admin.api';
import { useListParam, usePageCount, usePageParam } from './page-param.hook';

/**
 * A page of the staff's orders narrowed by `filter` and searched by order number or patient on the
 * server; the page and the search are kept in the URL.
 */
export function useOrderListPage(filter: Omit<OrderListQuery, 'page' | 'limit' | 'q'>) {
  const [page, setPage] = usePageParam();
  const [q, setQ] = useListParam('q');
  const { data, isLoading, isFetching, error } = useListOrdersQuery(
    { ...filter, page, limit: ADMIN_ORDERS_PAGE_SIZE, q: q || undefined },
    STAFF_SCREEN_READ,
  );
  const pageCount = usePageCount(data?.total, ADMIN_ORDERS_PAGE_SIZE, isFetching);
  return { page, setPage, pageCount, q, setQ, data, orders: data?.orders ?? [], isLoading, isFetching, error };
}
