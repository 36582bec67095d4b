import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Powerful browser features the shop never uses, refused to every page and anything it embeds. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
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
    await app.register(helmet, {
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
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      done();
    });
  },
  { name: 'security' },
);
