import { errorMessageKey, errorStatus } from '@ishuri/contract';
import { localizeSentence, messages } from './i18n';
import type { ErrorCode } from '@ishuri/contract';

/**
 * The one error a service throws. Its status comes from the contract's code list
 * (contract/errors.ts); one handler (app.ts) renders it as `{ error, code, fields? }`, and
 * anything else is logged and answered as a plain 500.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

interface FailOptions {
  /** The sentence, when the code has none of its own or this one says more. */
  message?: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The catalogue sentence of a code (contract/errors.ts), or the general one of its status. */
export function messageOf(code: ErrorCode): string {
  const key = (errorMessageKey as Partial<Record<ErrorCode, keyof typeof messages>>)[code];
  if (key) return messages[key] as string;
  return errorStatus[code] === 404 ? messages.notFound : messages.badRequest;
}

/** `throw fail('COURSE_NOT_FOUND')`: an error by its code, with its catalogue sentence. */
export function fail(code: ErrorCode, options: FailOptions = {}): AppError {
  return new AppError(code, options.message ?? messageOf(code), options.fields, options.headers);
}

/** 400 with one message per field; the first is the answer's sentence. */
export function validationError(fields: Record<string, string>) {
  // A sentence fixed in a contract schema is English: given in the request's language.
  const said = Object.fromEntries(
    Object.entries(fields).map(([name, sentence]) => [name, localizeSentence(sentence)]),
  );
  return fail('VALIDATION_FAILED', {
    message: Object.values(said)[0] ?? messages.validationFailed,
    fields: said,
  });
}

export const tooManyRequests = (retryAfterSeconds: number) =>
  fail('RATE_LIMITED', {
    message: messages.rateLimited(retryAfterSeconds),
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
