import { z } from 'zod';
import { MAX_LIST_LIMIT, SEARCH_QUERY_MAX_LENGTH } from './constants';
import { isBlankText } from './text.rules';

/** Every object in an answer carries its id as `_id`, a string. */
export const idSchema = z.string();

/** Path parameter `:id`; any string of any length is accepted here, an unknown or malformed one is a 404. */
export const idParamsSchema = z.object({ id: z.string() });

/** Money in an answer is a number in dollars with at most two decimals. */
export const moneySchema = z.number().nonnegative();

/** Every failure is `{ message }`, plus `errors: { field: message }` for invalid input. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** A yes-or-no field of a request, refused by its name, as a query's fields are, rather than in zod's words. */
export const flagSchema = (field: string) => z.boolean({ error: `${field} must be true or false.` });
/** A field of a request holding an object: refused, when it is not one, with the fields it takes. */
export const objectError = (field: string, fields: readonly string[]) =>
  `${field} must be an object of ${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}.`;

/** A 503's message: the server had more work at once than it takes on, and asks to be tried again soon. */
export const SERVER_BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a few seconds.';

/**
 * An e-mail address "that looks like an address": something@something.tld, i.e. a domain with a dot
 * after its first character and before its last, and no space, control character (NUL, escape …),
 * half of a surrogate pair (stored, it would read as U+FFFD, an address no one typed), invisible
 * format character (a zero-width space, a soft hyphen: two addresses that read alike would be two
 * accounts) or second @ anywhere. Written so that it cannot backtrack: the domain's first dot is found by one scan, so
 * checking it takes time linear in its length (redos.test.ts checks every contract pattern).
 */
export const EMAIL_PATTERN =
  /^[^\s\p{Cc}\p{Cf}\p{Cs}@]+@[^\s\p{Cc}\p{Cf}\p{Cs}@][^\s\p{Cc}\p{Cf}\p{Cs}@.]*\.[^\s\p{Cc}\p{Cf}\p{Cs}@]+$/u;

/**
 * Control characters (a NUL byte above all) belong in no search and no stored text; line breaks and
 * tabs may. Nor does half of a surrogate pair (JSON's "\ud800" alone), which is no character at all.
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;
/**
 * Free text that is stored or searched holds no control character: PostgreSQL's text and jsonb
 * refuse a NUL byte outright (and jsonb a lone surrogate), and an escape sequence would reach a
 * pharmacist's screen or a patient's mail.
 */
export const hasNoControlCharacter = (s: string) => !CONTROL_CHARACTER.test(s);
export const controlCharacterMessage = (label: string) => `${label} must not contain control characters.`;
/** A text field sent as a number, null, an object or a list: said in the field's words, never zod's. */
export const textTypeMessage = (label: string) => `${label} must be text.`;
/** The check of a stored text field: no control character, said in the field's own words. */
export const withoutControlCharacters = (label: string) =>
  z.refine<string>(hasNoControlCharacter, controlCharacterMessage(label));

/**
 * The one rule of a required text field: missing, not text, empty or made only of characters that show
 * nothing, it is refused with `message`, the field's "required" message; otherwise it is trimmed.
 */
export const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    // Kept beside the rule below for the OpenAPI document, which shows a length and no refinement.
    .min(1, { error: message, abort: true })
    .refine((s) => !isBlankText(s), message);

/**
 * A day of the calendar written `YYYY-MM-DD`, and one that PostgreSQL's date type holds: 2027-02-31
 * does not exist, and its calendar has no year 0000 (1 BC is followed by AD 1). Such a day is
 * refused here with the field's own message, not by the database as a failed statement (a 500).
 */
export const calendarDate = (message: string) =>
  z.iso.date({ error: message }).refine((day) => !day.startsWith('0000-'), message);

/**
 * The shop's calendar day at the instant `at`, "2026-11-30": its UTC day, by which the server judges
 * expiry and a prescription's last day (`shop_today()`, record 0111) and counts sales and deliveries.
 * The one home of that rule: every "which day is it at the shop" reads it.
 */
export const shopDayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The shop's day now, so a date the form refuses as past is the one the server refuses. */
export const shopToday = (): string => shopDayOf(new Date());

/** A calendar date (`calendarDate`) that is not before the shop's day: `pastMessage` refuses an earlier one. */
export const calendarDateFromToday = (message: string, pastMessage: string) =>
  calendarDate(message).refine((day) => day >= shopToday(), pastMessage);

/**
 * Text of nothing but letters of any alphabet (Zoë, Łukasz, हिन्दी, 山田), each with the combining
 * marks that belong to it, and of `others` (the contents of a character class: `' '`, `'\\p{Nd} '`).
 * A mark alone is not a letter. The SPEC's "letters" are these; its digits, decimal digits.
 */
export const lettersAnd = (others = '') => new RegExp(`^(?:\\p{L}\\p{M}*${others ? `|[${others}]` : ''})+$`, 'u');

export const SEARCH_QUERY_TOO_LONG_MESSAGE = `q must be at most ${SEARCH_QUERY_MAX_LENGTH} characters.`;
export const SEARCH_QUERY_CONTROL_MESSAGE = controlCharacterMessage('q');
/**
 * The search words: any text (`%`, `_`, quotes and backslashes are searched as text) of at most
 * SEARCH_QUERY_MAX_LENGTH characters, trimmed; text that shows nothing (blanks, or a pasted zero-width
 * space) counts as no search, as an empty box does, rather than a search that finds nothing.
 */
export const searchQuery = z
  .string({ error: textTypeMessage('q') })
  .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_TOO_LONG_MESSAGE)
  .refine(hasNoControlCharacter, SEARCH_QUERY_CONTROL_MESSAGE)
  // Composed (NFC) as names are stored: "Zoë" typed with a separate accent mark finds "Zoë".
  .transform((s) => (isBlankText(s) ? '' : s.trim().replace(/\s+/g, ' ').normalize('NFC')));

/** A whole number from a query string, 1 to `max`; an empty value counts as absent. */
export const pageNumberSchema = (name: string, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a whole number.` })
      .int(`${name} must be a whole number.`)
      .min(1, `${name} must be at least 1.`)
      .max(max, `${name} must be at most ${max}.`)
      .optional(),
  );

/** A staff report's page, from 1: 1 when absent. */
export const reportPage = (name: string) => pageNumberSchema(name, 100000).transform((page) => page ?? 1);
/** A staff report's page size: `limit` up to MAX_LIST_LIMIT, `pageSize` when absent (a catalogue may be large). */
export const reportLimit = (pageSize: number) =>
  pageNumberSchema('limit', MAX_LIST_LIMIT).transform((limit) => limit ?? pageSize);

/**
 * A staff list's page and search (shops with 100,000 orders page and filter on the server): `page`
 * from 1, `limit` up to MAX_LIST_LIMIT, and `q`, words the rows are searched for; a blank `q` is no
 * search.
 */
export const staffListQuerySchema = z.object({
  page: pageNumberSchema('page', 100000),
  limit: pageNumberSchema('limit', MAX_LIST_LIMIT),
  q: searchQuery.transform((s) => s || undefined).optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;

export type MessageResponse = z.infer<typeof messageResponseSchema>;
export type IdParams = z.infer<typeof idParamsSchema>;

/** A form's field arrives as a string from an input or multipart, or as a number from JSON. */
export const fieldAsString = (v: unknown) => (typeof v === 'number' ? String(v) : v);
/** A form's text field, trimmed; `required` when it is missing or not text. */
export const formText = (required: string) => z.preprocess(fieldAsString, z.string({ error: required }).trim());

/** The largest whole number a form takes (a stock, a batch's units, a shelf life in months). */
export const WHOLE_NUMBER_MAX = 1_000_000;

/**
 * A whole number from `min` to WHOLE_NUMBER_MAX, given as a number or as its digits. A blank field
 * is not 0, and true is not 1: each is refused with `message`, as is anything out of range.
 */
export const wholeNumber = (message: string, min: number) =>
  formText(message)
    .pipe(z.string().regex(/^\d+$/, message))
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(WHOLE_NUMBER_MAX, message));
