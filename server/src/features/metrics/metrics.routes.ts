import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../../lib/bearer-token';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` in Prometheus' text format. Closed unless METRICS_TOKEN is set, and then only to
 * that bearer token: anyone else gets the shop's answer to an unknown route (404), so the route's existence says
 * nothing. Tokens are compared through their digests, in constant time.
 */
const metricsRoutes: FastifyPluginAsync<{ token: string | undefined }> = async (app, { token }) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['metrics'],
        security: BEARER_AUTH,
        description: "Prometheus' text format, for the bearer token METRICS_TOKEN; 404 without it.",
      },
    },
    async (request, reply) => {
      const given = bearerToken(request.headers.authorization);
      if (!token || !given || !timingSafeEqual(digest(given), digest(token))) {
        return reply.callNotFound();
      }
      const { registry } = app.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};

export default metricsRoutes;
