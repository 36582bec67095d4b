import { z } from 'zod';

/** Every object carries its id as `_id`, a string (CONTRACT.md). */
export const idSchema = z.string();

/** Path parameter `:id`; any string of any length is accepted here, an unknown or malformed one is a 404. */
export const idParamsSchema = z.object({ id: z.string() });

/** Money is a number in dollars with at most two decimals (CONTRACT.md). */
export const moneySchema = z.number().nonnegative();

/** Every failure is `{ message }`, plus `errors: { field: message }` for invalid input. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * An e-mail address "that looks like an address": something@something.tld, i.e. a domain with a dot
 * after its first character and before its last, and no space, control character (NUL, escape …)
 * or second @ anywhere. Written so that it cannot backtrack: the domain's first dot is found by one
 * scan, so checking it takes time linear in its length (redos.test.ts checks every contract pattern).
 */
export const EMAIL_PATTERN = /^[^\s\p{Cc}@]+@[^\s\p{Cc}@][^\s\p{Cc}@.]*\.[^\s\p{Cc}@]+$/u;

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** What a screen says when a call gets no answer at all: the server is down or the network is. */
export const CANNOT_REACH_SHOP_MESSAGE = 'Cannot reach the shop. Check your connection, then try again.';
