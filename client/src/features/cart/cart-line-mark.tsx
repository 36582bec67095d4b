import { shortOfStockLabel } from '@apotheca/contract';

/** The mark of a cart line above its medicine's sellable stock: "Out of stock" or "Only N left". */
export function ShortOfStockMark({ stock, className = '' }: { stock: number; className?: string }) {
  return <span className={`text-sm font-semibold text-red-700 ${className}`}>{shortOfStockLabel(stock)}</span>;
}
