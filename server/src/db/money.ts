// Money is integer cents in the database and dollars with at most two decimals in the API
// (docs/decisions/0004): these two functions are the only place the unit changes.

export const centsToDollars = (cents: number): number => cents / 100;

/** Rounds, because a dollar amount such as 0.29 is not exact in binary floating point. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
