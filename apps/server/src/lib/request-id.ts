import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids. A load balancer or proxy in front may already have given the request an id
 * (`x-request-id`): it is kept when it is well formed (letters, digits and `._:-`, at most 64),
 * so one id follows the request through every hop; anything else (missing, too long, odd
 * characters that could forge log lines) is replaced by a fresh UUID. Fastify writes the id into
 * every log line of the request (`reqId`); every answer carries it back in `x-request-id`, and
 * every error body in `requestId`, so a user can quote it to support.
 */
const REQUEST_ID_HEADER = 'x-request-id';
const wellFormed = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the incoming id when well formed, a fresh one otherwise. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && wellFormed.test(incoming) ? incoming : randomUUID();
}

const isErrorBody = (payload: unknown): payload is { error: string; code: string } =>
  typeof payload === 'object' &&
  payload !== null &&
  !Array.isArray(payload) &&
  typeof (payload as { error?: unknown }).error === 'string' &&
  typeof (payload as { code?: unknown }).code === 'string';

/**
 * Registered on the root instance before any route, so that it covers every route and every
 * error, wherever the error body is written (the error handler, the not-found handlers, a
 * route that answers an error itself): the body gains `requestId` just before it is serialized.
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (reply.statusCode < 400 || !isErrorBody(payload)) return payload;
    return { ...payload, requestId: request.id };
  });
}
