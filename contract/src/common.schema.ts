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

/** An e-mail address "that looks like an address": something@something.tld. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
