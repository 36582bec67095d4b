import fp from 'fastify-plugin';

/**
 * The bodies the API reads: JSON, and the multipart forms the calls that take a file parse themselves.
 * A JSON content type with an empty body is a call without a body (as many HTTP clients send a POST
 * or DELETE that needs none), left to the route's rule, where Fastify refused it outright. Text is
 * not JSON: Fastify's own text parser handed a string to the JSON rules, which refused it as an
 * invalid value where the contract says 415 (docs/decisions/0155).
 */
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      // parseAs 'string' hands a string; the type allows a Buffer for the other setting.
      const text = body as string;
      if (text === '') return done(null, undefined);
      // The default parser calls `done` itself and returns nothing.
      void parseJson(request, text, done);
    });
  },
  { name: 'request-bodies' },
);
