import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encodings an answer is offered in, the smaller output first. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

// An answer kept until the catalogue changes is compressed once, so it gets the smaller output; one that
// is not kept (a page of a medicine that does not exist, say) is compressed on every request, so it gets
// the cheaper work.
const EFFORT = {
  kept: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }, gzip: { level: 6 } },
  once: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 1 } },
};

/**
 * An answer from this size is sent compressed to a browser that accepts it (a page of the catalogue is
 * about 7 KB, 2 KB in gzip); a smaller one would gain less than the encoding costs.
 */
export const COMPRESS_FROM_BYTES = 1024;

/** `body` in `encoding`, with the effort its reuse is worth. */
export const compress = (body: Buffer | string, encoding: Encoding, reuse: keyof typeof EFFORT): Promise<Buffer> =>
  encoding === 'br' ? brotli(body, EFFORT[reuse].br) : gzip(body, EFFORT[reuse].gzip);

// Browsers send a handful of distinct Accept-Encoding headers; each is read once, and the least
// recently used goes first, so odd headers cannot grow memory.
const negotiated = new LRUCache<string, { encoding: Encoding | null }>({ max: 1000 });

/** The best encoding `acceptEncoding` allows, or null for the bytes as they are. */
export function encodingFor(acceptEncoding: string): Encoding | null {
  let accepted = negotiated.get(acceptEncoding);
  if (!accepted) {
    accepted = { encoding: negotiate(acceptEncoding, [...ENCODINGS]) };
    negotiated.set(acceptEncoding, accepted);
  }
  return accepted.encoding;
}
