/**
 * An ILIKE pattern that finds `text` anywhere, with `%`, `_` and backslashes in it searched as
 * themselves (PostgreSQL's default escape character is the backslash).
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
