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
  // Read again each time it is opened: staff work these lists together, and a page kept from an earlier
  // visit would still list an order someone else has since reviewed or moved, after its own page said so.
  const { data, isLoading, isFetching, error } = useListOrdersQuery(
    { ...filter, page, limit: ADMIN_ORDERS_PAGE_SIZE, q: q || undefined },
    { refetchOnMountOrArgChange: true },
  );
  const pageCount = usePageCount(data?.total, ADMIN_ORDERS_PAGE_SIZE, isFetching);
  return { page, setPage, pageCount, q, setQ, data, orders: data?.orders ?? [], isLoading, isFetching, error };
}
