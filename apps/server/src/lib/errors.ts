import { messages } from '@ishuri/contract';

/**
 * The few errors a service may throw. One handler (app.ts) renders them as
 * `{ error, code, fields? }`; anything else is logged and answered as a plain 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code = 'BAD_REQUEST',
  fields?: Record<string, string>,
) => new AppError(400, code, message, fields);

export const validationError = (fields: Record<string, string>) => {
  const first = Object.values(fields)[0];
  return new AppError(400, 'VALIDATION_FAILED', first ?? messages.validationFailed, fields);
};

export const unauthorized = (
  message: string = messages.unauthenticated,
  code = 'UNAUTHENTICATED',
) => new AppError(401, code, message);

export const forbidden = (message: string = messages.forbidden, code = 'FORBIDDEN') =>
  new AppError(403, code, message);

export const notFound = (message: string = messages.notFound, code = 'NOT_FOUND') =>
  new AppError(404, code, message);

export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

export const payloadTooLarge = (message: string = messages.payloadTooLarge, code = 'TOO_LARGE') =>
  new AppError(413, code, message);

export const unsupportedMediaType = (message: string, code = 'UNSUPPORTED_TYPE') =>
  new AppError(415, code, message);

export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', messages.rateLimited(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });

export const serviceUnavailable = (message: string = messages.serviceUnavailable) =>
  new AppError(503, 'UNAVAILABLE', message);
