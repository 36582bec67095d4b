import fp from 'fastify-plugin';

/**
 * What a cache may do with an answer of the API (docs/decisions/0137). An answer is someone's own
 * unless its route says otherwise: their orders, cart, prescriptions, addresses, their account, the
 * staff's lists. Health data may sit in no cache, a shared one or the browser's after sign-out.
 */
export const PRIVATE_ANSWER = 'private, no-store';
/**
 * The public catalogue's reads (lists, search, suggestions, a medicine, its substitutes): a cache may
 * keep one but must ask again before each use, so a patient never sees a stock or a price the shop
 * has changed since, and a staff member sees their own edit at once.
 */
export const CATALOGUE_ANSWER = 'no-cache';

/**
 * Marks every answer of the scope it is registered in private; a route that answers public data
 * replaces the header with its own. A route added later is private unless it says otherwise.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', PRIVATE_ANSWER);
      done();
    });
  },
  { name: 'answer-caching' },
);
