import { ilike, or, sql, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from '../../db/contains-pattern';
import { users } from '../../db/schema';

// Which users a staff search names, for the users list and the orders list alike: a module of its
// own, so that the orders feature reads it without the account service, which cancels orders.

/**
 * Users whose full name ("Ada Lovelace") or e-mail address matches the ILIKE `pattern` (a value, or
 * the placeholder of a prepared statement), in any case.
 */
export const userPatternMatches = (pattern: string | SQLWrapper) =>
  or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));

/** Users whose full name ("Ada Lovelace") or e-mail address holds `text`, in any case. */
export const userMatches = (text: string) => userPatternMatches(containsPattern(text));
