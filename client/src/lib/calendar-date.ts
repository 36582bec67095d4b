// A calendar date from the API ("2026-12-01": a day, with no time or zone) in the reader's words.
// It is read and written as UTC midnight, so no time zone can move it to the day before.
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** "1 Dec 2026" (in the browser's language) for "2026-12-01". */
export const formatCalendarDate = (day: string): string => DAY.format(new Date(`${day}T00:00:00Z`));
