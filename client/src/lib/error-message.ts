import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { CANNOT_REACH_SHOP_MESSAGE } from '@apotheca/contract';

/**
 * The one place that turns a failed call into a message: the server's `{ message }` when it sent
 * one (every error answer has one), "cannot reach the shop" when no answer came or a proxy answered in
 * its place, else the caller's fallback.
 */
export function errorMessage(error: unknown, fallback = 'Network Error'): string {
  if (!error || typeof error !== 'object') return fallback;
  const fetchError = error as FetchBaseQueryError;
  if ('status' in fetchError) {
    const data = 'data' in fetchError ? fetchError.data : undefined;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
    // No answer at all (the server is down, the network is): the browser's own text says nothing useful.
    if (fetchError.status === 'FETCH_ERROR') return CANNOT_REACH_SHOP_MESSAGE;
    // An answer that is not the shop's JSON: a 5xx is a proxy's page while the shop is down or restarting,
    // and the parser's own text ("SyntaxError: Unexpected token '<'…") would mean nothing to the reader.
    if (fetchError.status === 'PARSING_ERROR')
      return fetchError.originalStatus >= 500 ? CANNOT_REACH_SHOP_MESSAGE : fallback;
    if ('error' in fetchError && typeof fetchError.error === 'string') return fetchError.error;
    return fallback;
  }
  return (error as SerializedError).message ?? fallback;
}

/** The per-field messages of a refused form (`errors: { field: message }`, a 400 or a 409), if the server sent them. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  return data?.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string>) : {};
}

/**
 * A failed check's messages by field, the first of each as the server's 400 gives them: the same
 * `{ field: message }` a refusal from the server carries (fieldErrors).
 */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** The HTTP status of a failed call, if the server answered. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
