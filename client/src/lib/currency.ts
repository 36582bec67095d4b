/** Dollars with a $ sign and 2 decimals. */
export const formatPrice = (dollars: number): string => `$${dollars.toFixed(2)}`;
