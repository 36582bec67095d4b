import {
  isAboveOrderLimit,
  isShortOfStock,
  orderLimitLabel,
  shortOfStockLabel,
  type CartItem,
} from '@apotheca/contract';

/**
 * The mark of a cart line checkout would refuse: above its medicine's sellable stock ("Out of stock",
 * "Only N left") or above its limit per order ("At most N per order"); nothing for a line it would take.
 */
export function CartLineMark({
  item,
  className = '',
}: {
  item: Pick<CartItem, 'quantity' | 'stock' | 'maxPerOrder'>;
  className?: string;
}) {
  const labels = [
    ...(isShortOfStock(item) ? [shortOfStockLabel(item.stock)] : []),
    ...(isAboveOrderLimit(item) ? [orderLimitLabel(item.maxPerOrder ?? 0)] : []),
  ];
  if (labels.length === 0) return null;
  return <span className={`text-sm font-semibold text-red-700 ${className}`}>{labels.join(' · ')}</span>;
}
