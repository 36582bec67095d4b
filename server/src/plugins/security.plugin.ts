import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy that the built client satisfies: scripts
 * only from this origin, no framing, no plugins. Images may come from any http(s) origin because an
 * admin may give a medicine's image as a URL (SPEC.md §5).
 */
export default fp<{ connectOrigins: string[] }>(
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
          baseUri: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    });
  },
  { name: 'security' },
);
