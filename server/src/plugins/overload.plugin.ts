import { SERVER_BUSY_MESSAGE } from '@apotheca/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard below is full: a new request would be answered 503. */
    overloaded: () => boolean;
  }
}

/**
 * An onRequest hook that serves at most `max` of its requests at once: past that, a new one is
 * answered at once with 503 and Retry-After, before its body is read, instead of waiting behind the
 * others until it times out. `exempt` requests are always let through, uncounted. Its `full()` says
 * whether the next request would be refused.
 */
export function boundInFlight(max: number, exempt: (request: FastifyRequest) => boolean = () => false) {
  let inFlight = 0;
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (exempt(request)) return;
    if (inFlight >= max) throw HttpError.serviceUnavailable(SERVER_BUSY_MESSAGE);
    inFlight += 1;
    // Counted down once, whether the answer was sent or the client went away first: a response
    // emits 'close' in both cases, after 'finish' when there is one. One listener, never removed
    // (it goes with the response), keeps the guard's own cost per request small.
    let counted = true;
    reply.raw.on('close', () => {
      if (counted) inFlight -= 1;
      counted = false;
    });
  };
  return Object.assign(hook, { full: () => inFlight >= max });
}

/**
 * A bounded queue in front of the database. Health checks are always answered, so a load balancer
 * sees the instance alive.
 */
export default fp<{ maxInFlight: number }>(
  async (app, { maxInFlight }) => {
    const guard = boundInFlight(maxInFlight, (request) => request.url.startsWith('/api/health'));
    app.addHook('onRequest', guard);
    app.decorate('overloaded', guard.full);
  },
  { name: 'overload' },
);
