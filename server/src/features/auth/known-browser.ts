import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A browser that has signed in to an account gets an httpOnly cookie naming it; a correct password
 * from that browser passes the per-e-mail login limit, so guesses from elsewhere cannot lock the
 * real owner out. Wrong passwords from it still count.
 */
export const KNOWN_BROWSER_COOKIE = 'apotheca_known_browser';
export const KNOWN_BROWSER_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// Signed with the account's own password hash, which never leaves the server: nothing to configure
// or share between instances, and a new password forgets every browser.
function sign(userId: string, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`known-browser:${userId}`).digest('base64url');
}

export function knownBrowserMark(userId: string, passwordHash: string): string {
  return `${userId}.${sign(userId, passwordHash)}`;
}

export function isMarkOf(mark: string, userId: string, passwordHash: string): boolean {
  const expected = Buffer.from(knownBrowserMark(userId, passwordHash));
  const actual = Buffer.from(mark);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
