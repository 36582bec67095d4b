/** Dollars with a $ sign and 2 decimals (SPEC.md §9). */
export const formatPrice = (dollars: number): string => `$${dollars.toFixed(2)}`;
