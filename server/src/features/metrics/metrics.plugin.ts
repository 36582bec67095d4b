import fp from 'fastify-plugin';
import { createShopMetrics, type ShopMetrics } from './metrics.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's Prometheus figures: routes count orders and checkout conflicts into it. */
    metrics: ShopMetrics;
    /**
     * What counts a request of `method` to `route` (its pattern; undefined when no route matched)
     * answered `status`, for the answers written before routing (ReadyAnswers).
     */
    requestCounter: (method: string, route: string | undefined, status: number) => (seconds: number) => void;
  }
}

/** A request no route matched is counted under this route label, so unknown URLs add no series. */
const UNMATCHED_ROUTE = 'unmatched';

/** Times every answered request by its route pattern (never its URL, which holds ids) and status. */
export default fp(
  async (app) => {
    const metrics = createShopMetrics(app.database);
    app.decorate('metrics', metrics);
    const { httpRequests } = metrics;
    const seriesOf = (method: string, route: string | undefined, status: number) =>
      httpRequests.series(method, route ?? UNMATCHED_ROUTE, status);
    app.decorate('requestCounter', (method: string, route: string | undefined, status: number) => {
      const series = seriesOf(method, route, status);
      return (seconds: number) => httpRequests.observe(series, seconds);
    });
    // A callback hook, not an async one: no promise to make and settle on every answer.
    app.addHook('onResponse', (request, reply, done) => {
      httpRequests.observe(
        seriesOf(request.method, request.routeOptions.url, reply.statusCode),
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
