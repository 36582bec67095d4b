/** Seconds a busy server asks a client to wait before it tries again. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The one error type that services throw and the error handler turns into the one error shape:
 * `{ message }`, plus `errors: { field: message }` for invalid input.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds a client is asked to wait before it tries again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  static badRequest(message: string, errors?: Record<string, string>) {
    return new HttpError(400, message, errors);
  }
  static unauthorized(message: string) {
    return new HttpError(401, message);
  }
  static forbidden(message: string) {
    return new HttpError(403, message);
  }
  static notFound(message: string) {
    return new HttpError(404, message);
  }
  /** `errors` names the field a conflict is at, when it is one field's (another medicine has its value). */
  static conflict(message: string, errors?: Record<string, string>) {
    return new HttpError(409, message, errors);
  }
  /** 503 for a server too busy right now: the client is told when to try again. */
  static serviceUnavailable(message: string, retryAfterSeconds = RETRY_AFTER_SECONDS) {
    return new HttpError(503, message, undefined, retryAfterSeconds);
  }
}
