import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_UI_PREFIX = '/api/docs';
/** A route's `security` in the document: it needs the bearer token. */
export const BEARER_AUTH = [{ bearerAuth: [] }];
/** The hash of the one inline <style> of @fastify/swagger-ui 6's bundle, as Chromium reports it. */
const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The OpenAPI document generated from the routes' zod schemas, at /api/openapi.json, and
 * Swagger UI at /api/docs. Registered before the routes so that it sees every one of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Apotheca API',
          description: 'The online pharmacy storefront API. Every path is under /api.',
          version: '1.0.0',
        },
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    // Swagger UI's page loads only its own files, so the site's strict CSP holds for it too, except
    // for one <style> element its bundle inserts: that exact element is allowed by its hash, on
    // these pages only.
    await app.register(swaggerUi, {
      routePrefix: OPENAPI_UI_PREFIX,
      uiConfig: { validatorUrl: null },
      transformStaticCSP: (header) => header.replace("style-src 'self'", `style-src 'self' ${SWAGGER_UI_STYLE_HASH}`),
    });
    app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
