import fp from 'fastify-plugin';
import { compress, encodingFor } from './answer-encoding';

/**
 * Below this an answer goes as it is: one that fits a single TCP segment (about 1,460 bytes) arrives
 * no sooner compressed, and its compression would cost the server for nothing.
 */
export const SMALLEST_COMPRESSED_ANSWER = 1400;

/**
 * Compresses the API's answers made per request (a staff list of orders, users or the audit log, a
 * patient's orders), from SMALLEST_COMPRESSED_ANSWER bytes on, in the encoding the browser accepts,
 * with the cheap effort of an answer made once (docs/decisions/0181). An answer that chose its own
 * encoding (the catalogue's kept lists) and a streamed one (a prescription's file, a backup) go as
 * they are.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (Buffer.byteLength(payload) < SMALLEST_COMPRESSED_ANSWER || reply.hasHeader('content-encoding'))
        return payload;
      reply.header('vary', 'accept-encoding');
      const encoding = encodingFor(request.headers['accept-encoding'] ?? '');
      if (encoding === null) return payload;
      reply.header('content-encoding', encoding);
      return compress(payload, encoding, 'once');
    });
  },
  { name: 'answer-compression' },
);
