import type { IncomingHttpHeaders } from 'node:http';
import type { preParsingHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESSED_BODY_MESSAGE } from '@apotheca/contract';
import { HttpError } from '../http-error';

/** The Content-Encoding that is none: a body marked with it is read as sent. */
const NO_CODING = 'identity';

/** Whether a request carries a body, as Fastify judges it before it picks a parser. */
const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * A body sent compressed: the server decompresses none, so the parsers would read its compressed
 * bytes and call a gzipped JSON body invalid JSON (400), where the fault is its coding. Refused as
 * the wrong media type (415) with words that say to send it uncompressed. No client of ours
 * compresses what it sends.
 */
function compressedBody(headers: IncomingHttpHeaders): boolean {
  const coding = headers['content-encoding']?.trim().toLowerCase();
  return coding !== undefined && coding !== '' && coding !== NO_CODING && hasBody(headers);
}

/** The 415 of a compressed body, before any parser reads it; a callback, so no promise per call. */
const refuseCompressedBody: preParsingHookHandler = (request, _reply, payload, done) => {
  if (compressedBody(request.headers)) done(new HttpError(415, COMPRESSED_BODY_MESSAGE));
  else done(null, payload);
};

/** The methods Fastify reads no body of: their routes need no check of one. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * The bodies the API reads: JSON, and the multipart forms the calls that take a file parse themselves.
 * A JSON content type with an empty body is a call without a body (as many HTTP clients send a POST
 * or DELETE that needs none), left to the route's rule, where Fastify refused it outright. Text is
 * not JSON: Fastify's own text parser handed a string to the JSON rules, which refused it as an
 * invalid value where the contract says 415 (docs/decisions/0155). A compressed body is 415 too, checked
 * only on the routes that take a body (registered after this plugin): the catalogue's GETs, the busiest
 * calls, pay nothing for it.
 */
export default fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if ([route.method].flat().every((method) => BODYLESS_METHODS.has(method))) return;
      route.preParsing = [refuseCompressedBody, ...[route.preParsing ?? []].flat()];
    });
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
