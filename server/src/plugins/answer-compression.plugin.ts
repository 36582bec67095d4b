import fp from 'fastify-plugin';
import { compress, COMPRESS_FROM_BYTES, encodingFor } from './answer-encoding';

/**
 * Compresses the API's answers made per request (a staff list of orders, users or the audit log, a
 * patient's orders), from COMPRESS_FROM_BYTES on, in the encoding the browser accepts, with the cheap
 * effort of an answer made once (docs/decisions/0181). An answer that chose its own encoding (the
 * catalogue's kept lists) and a streamed one (a prescription's file, a backup) go as they are.
 */
export default fp(
  async (app) => {
    // A callback, not an async hook: most answers are short and leave at once, without a promise each.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        Buffer.byteLength(payload) < COMPRESS_FROM_BYTES ||
        reply.hasHeader('content-encoding')
      )
        return done(null, payload);
      reply.header('vary', 'accept-encoding');
      const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
      if (encoding === null) return done(null, payload);
      reply.header('content-encoding', encoding);
      compress(payload, encoding, 'once').then(
        (compressed) => done(null, compressed),
        (error: Error) => done(error),
      );
    });
  },
  { name: 'answer-compression' },
);
