import { errorStatus, isErrorCode } from '@ishuri/contract';
import type { ErrorCode } from '@ishuri/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { learnAccountLanguage } from './auth-guard';
import { AppError } from './errors';
import { localizeSentence, messages } from './i18n';

/** Fastify's own errors, by the key of their sentence (read in the request's language). */
const fastifyErrors: Partial<Record<ErrorCode, keyof typeof messages>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'contentTypeRefused',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_REQ_FILE_TOO_LARGE: 'payloadTooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'multipartRequired',
};

/**
 * Every error answers `{ error, code, fields? }` in the reader's language: the product's own
 * (lib/errors.ts), a request that fails its schema (400 with each field's sentence), Fastify's
 * own client errors, and anything else as a plain 500 logged with its stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        error: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      await learnAccountLanguage(request);
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[name] ??= issue.message
          ? localizeSentence(issue.message)
          : messages.validationFailed;
      }
      return reply.status(400).send({
        error: Object.values(fields)[0] ?? messages.validationFailed,
        code: 'VALIDATION_FAILED',
        fields,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match schema',
      );
      return reply.status(500).send({ error: messages.internalError, code: 'INTERNAL' });
    }
    const known = isErrorCode(error.code) ? fastifyErrors[error.code] : undefined;
    if (known && isErrorCode(error.code)) {
      return reply
        .status(errorStatus[error.code])
        .send({ error: messages[known] as string, code: error.code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({
        error: status === 404 ? messages.notFound : messages.badRequest,
        code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: messages.internalError, code: 'INTERNAL' });
  });
}
