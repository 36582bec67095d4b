import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharacterMessage } from '@apotheca/contract';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseDown } from '../db/database-down';
import { sqlState } from '../db/retry';
import { HttpError } from '../http-error';

/** The summary message of a 400 for invalid input; each field's own message is in `errors`. */
const INVALID_INPUT_MESSAGE = 'Please fix the highlighted fields.';
/** A body that is not an object (an array, a string, nothing) where a call takes one: no field to name. */
const BODY_NOT_OBJECT_MESSAGE = 'The request body must be a JSON object.';

/** A form whose parts the form parser refuses outright (a field named `__proto__`, a field declared JSON that is not). */
const FORM_UNREADABLE_MESSAGE = 'The form could not be read.';
/** A form with a part past what its route takes; each route's limits say how many of each it takes. */
const FORM_TOO_BIG_MESSAGE = 'The form has more fields or files than this call takes.';

/**
 * What Fastify, or the form parser of the routes that take a file, refuses before a route reads
 * its input, in the shop's words rather than the parser's (`reach files limit`, or a bad URL repeated
 * back), with the status that says why in the contract's terms: the form parser's 406 for a field
 * declared JSON that is not is a 400 like any input that cannot be read.
 */
const FRAMEWORK_REFUSALS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'The request body must be JSON (application/json), or a form (multipart/form-data) where a file is sent.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The request body is not as long as its Content-Length says.',
  },
  FST_ERR_BAD_URL: { status: 400, message: 'The address of this request is not a valid URL.' },
  FST_PARTS_LIMIT: { status: 413, message: FORM_TOO_BIG_MESSAGE },
  FST_FILES_LIMIT: { status: 413, message: FORM_TOO_BIG_MESSAGE },
  FST_FIELDS_LIMIT: { status: 413, message: FORM_TOO_BIG_MESSAGE },
  FST_PROTO_VIOLATION: { status: 400, message: FORM_UNREADABLE_MESSAGE },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: FORM_UNREADABLE_MESSAGE },
};

/** The prefix of the codes of Fastify's errors and of its plugins' (`FST_ERR_BAD_URL`, `FST_FILES_LIMIT`). */
const FRAMEWORK_CODE_PREFIX = 'FST_';

type FieldIssue = { instancePath?: string; message?: string };
/** The key of an issue with the input as a whole rather than one of its fields. */
const WHOLE_BODY = '_';

/**
 * `{ field: first message }` from the zod issues that the type provider attached to the error. It
 * gives each field as a JSON pointer ('/payment/cardNumber'); our answers name nested fields with
 * dotted paths ('payment.cardNumber').
 */
function fieldErrors(issues: FieldIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || WHOLE_BODY;
    errors[field] ??= issue.message ?? 'Invalid value.';
  }
  return errors;
}

/**
 * PostgreSQL stores no NUL byte, in text (22021) or in jsonb (22P05). Every stored text field's rule
 * refuses control characters with its own message; a field that lacks the rule still answers 400,
 * its statement rolled back, rather than 500.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
const UNSTORABLE_TEXT_MESSAGE = controlCharacterMessage('Text');

/**
 * A row the request refers to went away between its checks and its write (23503, a foreign key
 * violation), such as a shopper deleted while a session read just before still lets them in: a
 * conflict, not a server fault. Its statement wrote nothing; tried again, the request meets the
 * deletion's own answer (for that shopper, 401).
 */
const REFERENCE_GONE = '23503';
const REFERENCE_GONE_MESSAGE = 'Something this request refers to was removed meanwhile. Please try again.';

/**
 * The database could not be reached: the instance is unavailable, as its health check says, not at
 * fault, so a load balancer or a client tries again rather than counting a server error.
 */
export const DATABASE_DOWN_MESSAGE = 'The database is not answering.';

/**
 * The client closed its connection before its request was read (a tab closed, a phone's network lost
 * mid-upload): Node fails the request's body with ECONNRESET, "aborted", a code the database driver's
 * lost connection has too. Nobody waits for the answer and nothing failed on our side, so it is said
 * at info, not as an unreachable database or a server failure.
 */
const isClientAbort = (error: Error, request: FastifyRequest) =>
  request.raw.errored === error || (request.raw.readableAborted && (error as FastifyError).code === 'ECONNRESET');
export const CLIENT_ABORT_LOG = 'the client closed its connection before its request was read';

/** An id longer than the router keeps is unknown like any other id: 404 `{ message }`. */
const NOT_FOUND_MESSAGE = 'Not found.';

/**
 * The one error handler: every failure becomes the one error shape, `{ message }` (plus `errors` for
 * invalid input) with the status that says why. A 5xx never carries its internal message. Errors
 * Fastify raises before a route is found (a bad URL, an over-long parameter) come here too
 * (`frameworkErrors` in app.ts), so no framework's own body reaches a client.
 */
export function sendError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply
      .code(error.statusCode)
      .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error.validation);
    if (WHOLE_BODY in errors && error.validationContext === 'body') {
      return reply.code(400).send({ message: BODY_NOT_OBJECT_MESSAGE });
    }
    const first = Object.values(errors)[0];
    return reply.code(400).send({ message: first ?? INVALID_INPUT_MESSAGE, errors });
  }
  if (isClientAbort(error, request)) {
    request.log.info(CLIENT_ABORT_LOG);
    return reply.code(MALFORMED_REQUEST.status).send({ message: MALFORMED_REQUEST.message });
  }
  const refusal = FRAMEWORK_REFUSALS[(error as FastifyError).code];
  if (refusal !== undefined) {
    return reply.code(refusal.status).send({ message: refusal.message });
  }
  if (UNSTORABLE_TEXT.has(sqlState(error) ?? '')) {
    return reply.code(400).send({ message: UNSTORABLE_TEXT_MESSAGE });
  }
  if (sqlState(error) === REFERENCE_GONE) {
    return reply.code(409).send({ message: REFERENCE_GONE_MESSAGE });
  }
  if (isDatabaseDown(error)) {
    request.log.error({ err: error }, 'the database is not answering');
    return reply.code(503).send({ message: DATABASE_DOWN_MESSAGE });
  }
  if ((error as FastifyError).code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  }
  const statusCode = (error as FastifyError).statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    // A refusal of a part of Fastify not named above keeps its status, but its words are the framework's.
    const fromFramework = (error as FastifyError).code?.startsWith(FRAMEWORK_CODE_PREFIX);
    return reply.code(statusCode).send({ message: fromFramework ? MALFORMED_REQUEST.message : error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a malformed request line or header,
 * headers past Node's 16 KB limit, a request that did not arrive in time), with the status that says why.
 */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
};
const MALFORMED_REQUEST = { status: 400, message: 'The request could not be read.' };

/**
 * What Node's HTTP server answers by itself, after parsing, with no body and none of the shop's
 * headers: an HTTP/1.1 request that names no Host (which HTTP/1.1 requires), and an Expect header
 * other than 100-continue. The server factory (ready-answers.ts) answers them here instead.
 */
export const HOST_REQUIRED = { status: 400, message: 'The request must name its Host, as HTTP/1.1 requires.' };
export const EXPECTATION_FAILED = {
  status: 417,
  message: 'The Expect header asks for something this server does not do: send the request without it.',
};

/**
 * Answers `response` with `refusal` in the one error shape, with the security headers every answer
 * carries, and closes its connection (its body, if any, is left unread).
 */
export function sendServerRefusal(
  response: ServerResponse,
  { status, message }: { status: number; message: string },
  securityHeaders: Readonly<Record<string, string>>,
) {
  const body = JSON.stringify({ message });
  response.shouldKeepAlive = false;
  response.writeHead(status, {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  response.end(body);
}

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refused is answered in the one error
 * shape too, where Fastify's default wrote its own `{ error, message, statusCode }`, with the
 * security headers every answer carries (`securityHeaders`, the ones the security plugin made at
 * start), and its connection closed. A reset connection, or one whose answer has already begun, is
 * only closed.
 */
export function sendClientError(
  error: Error & { code?: string },
  socket: Socket,
  securityHeaders: Readonly<Record<string, string>>,
) {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
    const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
    const body = JSON.stringify({ message });
    let head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n`;
    for (const name in securityHeaders) head += `${name}: ${securityHeaders[name]}\r\n`;
    socket.write(
      `${head}Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(
  async (app) => {
    app.setErrorHandler(sendError);
  },
  { name: 'errors' },
);
