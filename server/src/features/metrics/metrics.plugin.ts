import fp from 'fastify-plugin';
import { createShopMetrics, type ShopMetrics } from './metrics.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus figures: routes count orders and checkout conflicts into it. */
    metrics: ShopMetrics;
  }
}

/** A request no route matched is counted under this route label, so unknown URLs add no series. */
const UNMATCHED_ROUTE = 'unmatched';

/** Times every answered request by its route pattern (never its URL, which holds ids) and status. */
export default fp(
  async (app) => {
    const metrics = createShopMetrics(app.database);
    app.decorate('metrics', metrics);
    // A callback hook, not an async one: no promise to make and settle on every answer.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpRequests.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
