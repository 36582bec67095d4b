/**
 * The one error type that services throw and the error handler turns into CONTRACT.md's JSON:
 * `{ message }`, plus `errors: { field: message }` for invalid input.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
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
  static conflict(message: string) {
    return new HttpError(409, message);
  }
}
