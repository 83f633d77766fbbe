/**
 * An error with a status, a human message and a key the web translates (DESIGN.md §4).
 * Throw it anywhere in a request; the error plugin turns it into the failure envelope.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extras: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = 'You are logged out. Login again') => new AppError(401, 'loggedOut', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'forbidden', message);
export const badRequest = (code: string, message: string, extras?: Record<string, unknown>) =>
  new AppError(400, code, message, extras);
export const notFound = (code: string, message: string) => new AppError(404, code, message);
export const tooManyRequests = (code: string, message: string, extras?: Record<string, unknown>) =>
  new AppError(429, code, message, extras);
