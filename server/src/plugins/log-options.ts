import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { ChildLoggerOptions, FastifyChildLoggerFactory } from 'fastify/types/logger';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import PinoPretty from 'pino-pretty';

// What reaches the log never holds a secret: no password, hash, bearer token or reset token, nor
// a value of a query string.

const REDACTED = '[redacted]';

/** Reset tokens travel in the path: the token segment of these URLs is masked. */
const TOKEN_IN_PATH = /(\/validate-token\/|\/reset-password\/[^/?#]*\/)[^/?#]+/g;

/**
 * A query string's values are masked, its parameter names kept: a staff search names a patient by
 * e-mail or phone, and a pasted link may carry a token (docs/decisions/0124).
 */
const QUERY_VALUE = /([?&][^=&#]*=)[^&#]*/g;

const maskUrl = (url: string): string =>
  url.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(QUERY_VALUE, `$1${REDACTED}`);

type DatabaseFailure = { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };

/**
 * A database error is logged by its SQLSTATE code and the constraint (or table and column) it
 * names, never by its message, query, parameters or detail, which quote the values written (a
 * password hash, an e-mail). Any other error keeps pino's usual type, message and stack.
 */
function serializeError(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (error instanceof DrizzleQueryError) {
    const database = error.cause as DatabaseFailure | undefined;
    // The stack's first lines repeat the message; only its frames are kept.
    const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
    return {
      type: 'DatabaseError',
      message: 'A database statement failed.',
      stack: frames.join('\n'),
      code: database?.code,
      constraint: database?.constraint,
      table: database?.table,
      column: database?.column,
    };
  }
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  const code = (error as { code?: unknown }).code;
  return { type: error.name, message: error.message, code, statusCode, stack: error.stack ?? '' };
}

/** Where log lines go instead of stdout (tests read them). */
export type LogStream = { write: (line: string) => void };

type LoggedRequest = { method: string; url: string; host?: string; ip?: string };

/** Fastify's logger options: level, the error and request serializers, and redaction of secrets. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      err: serializeError,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        ...['password', 'newPassword', 'token', 'cardNumber', 'cvv'].flatMap((field) => [
          field,
          `body.${field}`,
          `*.${field}`,
        ]),
      ],
      censor: REDACTED,
    },
  };
}

type PrettyLine = {
  reqId?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};

/**
 * Log lines for a person at a terminal (docs/decisions/0062): time, level and message on one line;
 * a request is its id, method and URL, its answer the id, status and time. Everything else a line
 * holds follows it, as pino-pretty prints it. Written to `destination` (stdout unless given).
 */
export function prettyLogStream(destination: NodeJS.WritableStream | number = 1): LogStream {
  return PinoPretty({
    destination,
    colorize: destination === 1 ? PinoPretty.isColorSupported : false,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { reqId, req, res, responseTime } = log as PrettyLine;
      if (req) return `${reqId} ${req.method} ${req.url}`;
      if (res) return `${reqId} ${res.statusCode} in ${Math.round(responseTime ?? 0)} ms`;
      // pino writes a message as a string; a line without one (only fields) has none.
      const message = log[messageKey];
      return typeof message === 'string' ? message : '';
    },
  });
}

type Logger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Bindings = Record<string, unknown>;
/** The levels a line is written at, each a method of a logger. */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/**
 * A request's logger that makes pino's child logger (its request id bound) only when the request
 * writes a line at an enabled level. Fastify makes one per request, and a pino child costs its
 * bindings' serialization and redaction set-up: at `warn`, most requests write nothing, and that
 * work was a tenth of a cached catalogue answer's CPU time.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: Logger;
  readonly #bindings: Bindings;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  // One method a level, each writing through #log: defined on the prototype below.
  declare fatal: FastifyBaseLogger['fatal'];
  declare error: FastifyBaseLogger['error'];
  declare warn: FastifyBaseLogger['warn'];
  declare info: FastifyBaseLogger['info'];
  declare debug: FastifyBaseLogger['debug'];
  declare trace: FastifyBaseLogger['trace'];

  static {
    for (const level of LEVELS) {
      Object.defineProperty(this.prototype, level, {
        value(this: RequestLogger, ...args: unknown[]) {
          this.#log(level, args);
        },
        writable: true,
        configurable: true,
      });
    }
  }

  #log(level: Level, args: unknown[]): void {
    if (!this.#child && !this.#parent.isLevelEnabled(level)) return;
    const child = this.#made();
    Reflect.apply(child[level], child, args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#made().level = level;
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a RequestLogger, or pino's own child when a route sets its own level. */
export const requestLogger: FastifyChildLoggerFactory = (logger, bindings, options) =>
  options.level || options.serializers
    ? logger.child(bindings, options)
    : new RequestLogger(logger as Logger, bindings);
