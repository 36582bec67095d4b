const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are UUIDs. A path id that is not one can match nothing, so callers answer 404 without
 * asking the database (which would reject the cast with an error, never a 500 to the client).
 */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
