// A moment from the API (an ISO timestamp) in the reader's language and time zone, written the same
// way on every screen: "Nov 30, 2026, 1:05 AM" beside a lot's "Expires Dec 10, 2026", never the
// browser's default "11/30/2026, 1:05:20 AM".
const MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const MOMENT_TO_THE_SECOND = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const DAY_OF_MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The date and time of `at`, to the minute, or to the second where several moments of one minute must
 * read in their order (the audit log's changes): "Nov 30, 2026, 1:05:20 AM".
 */
export const formatMoment = (at: string, { seconds = false } = {}): string =>
  (seconds ? MOMENT_TO_THE_SECOND : MOMENT).format(new Date(at));

/** Only the day of `at`, where the time says nothing (a user's joining, an earlier order in a list). */
export const formatDayOf = (at: string): string => DAY_OF_MOMENT.format(new Date(at));
