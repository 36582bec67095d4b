import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

export const SERVER_BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a few seconds.';
/** Seconds a client is asked to wait before it tries again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * A bounded queue in front of the database: past `maxInFlight` requests being served at once, a new
 * request is answered at once with 503 and Retry-After instead of waiting behind the others until it
 * times out. Health checks are always answered, so a load balancer sees the instance alive.
 */
export default fp<{ maxInFlight: number }>(
  async (app, { maxInFlight }) => {
    let inFlight = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (inFlight >= maxInFlight && !request.url.startsWith('/api/health')) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new HttpError(503, SERVER_BUSY_MESSAGE);
      }
      inFlight += 1;
      let done = false;
      // Counted down once, whether the answer was sent or the client went away first.
      const finish = () => {
        if (!done) inFlight -= 1;
        done = true;
      };
      reply.raw.once('finish', finish);
      reply.raw.once('close', finish);
    });
  },
  { name: 'overload' },
);
