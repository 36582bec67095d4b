import { z } from 'zod';

/** Every object carries its id as `_id`, a string (CONTRACT.md). */
export const idSchema = z.string();

/** Path parameter `:id`; any string is accepted here, an unknown or malformed one is a 404. */
export const idParamsSchema = z.object({ id: z.string().max(200) });

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
 * after its first character and before its last. Written so that it cannot backtrack: the domain's
 * first dot is found by one scan, so checking it takes time linear in its length (every contract
 * pattern is checked for ReDoS by redos.test.ts).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;

/** A C0 or C1 control character (NUL, escape, …): never part of an address, a name or a form field. */
export const CONTROL_CHARACTER_PATTERN = /\p{Cc}/u;

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
