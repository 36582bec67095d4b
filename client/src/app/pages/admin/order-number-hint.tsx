import { parseOrderNumber, SHORT_ORDER_NUMBER_HINT } from '@apotheca/contract';

/**
 * Said under an order list's empty answer to a number search: digits too few for an order number
 * find nothing, and a staff member told only that nothing matches would think no such order exists.
 */
export function OrderNumberHint({ q }: { q: string }) {
  return parseOrderNumber(q) === null ? null : <span className="mt-2 block text-sm">{SHORT_ORDER_NUMBER_HINT}</span>;
}
