/**
 * The token of an `Authorization: Bearer …` header, if it is one. The scheme's name is
 * case-insensitive, as HTTP has it: a client that sends `bearer` is not refused for it.
 */
export const bearerToken = (header: string | undefined): string | undefined =>
  header ? /^Bearer\s+(.+)$/i.exec(header)?.[1] : undefined;
