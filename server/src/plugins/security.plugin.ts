import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers depend only on its options, so they are worked out once at start
 * (docs/decisions/0068: @fastify/helmet, which runs helmet on every request, halved the catalogue's
 * throughput).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw new Error('helmet refused its options', { cause: error });
  });
  return headers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries, for the answers written before routing (ReadyAnswers). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/** Powerful browser features the shop never uses, refused to every page and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
/**
 * The Content-Security-Policy of a file someone gave the shop (a patient's prescription, a medicine's
 * image), in place of the pages' policy: a sandbox without scripts or the shop's origin, and nothing
 * loaded from anywhere, so a crafted file opened on its own can never run script as the shop. A
 * browser still shows an image or a PDF in it (its built-in viewer is no script of the document); the
 * inline style is the browser's own, which centres an image opened alone (docs/decisions/0129).
 */
export const FILE_SANDBOX_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
/** A year, the usual HSTS lifetime. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers with a strict Content-Security-Policy that the built client satisfies: scripts
 * only from this origin, no framing, no plugins. Images may come from any http(s) origin because an
 * admin may give a medicine's image as a URL. HSTS only when the shop is served over
 * https (APP_URL), so a plain-http install is not locked out of itself.
 */
export default fp<{ connectOrigins: string[]; https: boolean }>(
  async (app, options) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...options.connectOrigins],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          // A pharmacist reads a PDF prescription in a frame, from the blob the page fetched with its token.
          frameSrc: ['blob:'],
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: options.https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    });
    headers['permissions-policy'] = PERMISSIONS_POLICY;
    app.decorate('securityHeaders', Object.freeze(headers));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security' },
);
