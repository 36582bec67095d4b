import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { SERVER_BUSY_MESSAGE } from '@apotheca/contract';
import pLimit from 'p-limit';
import { HttpError } from '../http-error';

// Passwords are stored only as salted, slow hashes, never as they were typed: scrypt from Node's crypto, with
// its parameters in the stored string so the cost can be raised without breaking old hashes: a
// hash made at a lower cost is replaced at the owner's next successful login (needsRehash).

/** log2 of scrypt's N: OWASP's 2^17 (config SCRYPT_COST; tests use a cheap one). */
export const DEFAULT_SCRYPT_COST = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

/**
 * Hashes computed at once: libuv's four worker threads run no more, and each takes 128 MB at 2^17.
 * A few more wait their turn (a queued hash holds no memory yet), so several people signing in
 * together are served; past running and waiting, a request is answered 503 with Retry-After at once,
 * so a burst of anonymous logins can neither queue real ones for many seconds nor take the memory
 * of sixteen hashes.
 */
export const MAX_HASHES_IN_FLIGHT = 4;
export const MAX_HASHES_WAITING = 32;
const hashes = pLimit(MAX_HASHES_IN_FLIGHT);

function derive(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  if (hashes.activeCount + hashes.pendingCount >= MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING)
    return Promise.reject(HttpError.serviceUnavailable(SERVER_BUSY_MESSAGE));
  // scrypt needs 128·N·r bytes; Node refuses more than 32 MB unless told.
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? BLOCK_SIZE);
  return hashes(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, keylen, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string, cost: number = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, KEY_LENGTH, { N, r: BLOCK_SIZE, p: PARALLELISM });
  return `scrypt$${N}$${BLOCK_SIZE}$${PARALLELISM}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await derive(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made at a lower cost than `cost` and should be made again. */
export function needsRehash(stored: string, cost: number): boolean {
  const [, n] = stored.split('$');
  return Number(n) < 2 ** cost;
}
