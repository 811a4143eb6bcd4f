import { errorBodySchema, errorStatus, gateOf, replySchema, abilities } from '@ishuri/contract';
import type { EndpointSpec, ErrorCode, ReplyData } from '@ishuri/contract';
import { messages } from './i18n';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { gate } from './access';
import { serveKept } from './own-read-cache';

/**
 * Registers a route from its contract endpoint: method, path, schemas, the gate of its action,
 * and the answer envelope. The handler returns plain data (what the service answered); this
 * file alone turns it into `{ data }`, `{ message }`, `{ message, data }`, a list page or a
 * file, so no route or service builds an envelope.
 */

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** A file answer: its bytes, and the name a browser saves it under. */
export interface FileReply {
  body: Buffer;
  filename?: string;
}

/**
 * An answer whose sentence the service chose (e.g. a completed course), or whose status is the
 * endpoint's other success status (`alsoOk`: 200 when the record was already there).
 */
export class Said<T> {
  constructor(
    readonly message: string | null,
    readonly data: T,
    readonly status?: 200,
  ) {}
}
export const said = <T>(message: string, data: T) => new Said(message, data);
export const alreadyThere = <T>(data: T) => new Said(null, data, 200);

type HandlerResult<E extends EndpointSpec> = E['reply'] extends { kind: 'file' }
  ? // Or the reply itself, when the handler streamed the file (a range of a stored file).
    FileReply | FastifyReply
  : E['reply'] extends { kind: 'message' | 'messageAndData' }
    ? ReplyData<E> | Said<ReplyData<E>>
    : ReplyData<E>;

export interface RouteOptions {
  /** Run before the gate (rate limits, which must count refused callers too). */
  before?: preHandlerAsyncHookHandler[];
  /** Run after the gate, with the caller known (a limit per account). */
  after?: preHandlerAsyncHookHandler[];
  bodyLimit?: number;
  /** A signed-in user's own read, kept per user until a write may change it (own-read-cache.ts). */
  keptPerUser?: boolean;
}

/** The status codes an endpoint can answer with, each with the codes it may carry. */
export function errorResponses(endpoint: EndpointSpec): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>(endpoint.errors);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.multipart) {
    codes.add('VALIDATION_FAILED');
  }
  const ability: { gate: string; record?: unknown } = abilities[endpoint.action];
  if (ability.gate !== 'anyone') {
    codes.add('UNAUTHENTICATED');
    codes.add('INVALID_TOKEN');
  }
  if (ability.gate === 'author' || ability.gate === 'admin' || ability.record) {
    codes.add('FORBIDDEN');
  }
  if (ability.gate === 'anyone' && ability.record) codes.add('UNAUTHENTICATED');
  codes.add('INTERNAL');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorStatus[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

function envelope(endpoint: EndpointSpec, result: unknown): unknown {
  const reply = endpoint.reply;
  switch (reply.kind) {
    case 'data':
      return { data: result };
    case 'list':
    case 'plain':
      return result;
    case 'message':
      return { message: (result instanceof Said && result.message) || messages[reply.message] };
    case 'messageAndData':
      return result instanceof Said
        ? { message: result.message ?? messages[reply.message], data: result.data }
        : { message: messages[reply.message], data: result };
    case 'file':
      return result;
  }
}

export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<HandlerResult<E>>,
  options: RouteOptions = {},
): void {
  const success = replySchema(endpoint.reply);
  const response: Record<number, z.ZodType> = {};
  if (success) response[endpoint.status ?? 200] = success;
  if (success && endpoint.alsoOk) response[200] = success;
  for (const status of errorResponses(endpoint).keys()) response[status] = errorBodySchema;
  const secured = gateOf(endpoint.action) !== 'anyone';

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: options.bodyLimit,
    config: { endpoint },
    preHandler: [
      ...(options.before ?? []),
      ...gate(endpoint.action),
      ...(options.after ?? []),
      ...(options.keptPerUser ? [serveKept] : []),
    ],
    schema: {
      operationId: endpoint.operationId,
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: endpoint.description ?? endpoint.summary,
      ...(secured ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response,
    },
    handler: async (request, reply) => {
      const result = await handler(request as EndpointRequest<E>, reply);
      if (result === reply) return reply;
      if (endpoint.reply.kind === 'file') {
        const file = result as FileReply;
        const type = endpoint.reply.contentType;
        reply.header('content-type', type.startsWith('text/') ? `${type}; charset=utf-8` : type);
        if (file.filename) {
          reply.header('content-disposition', `attachment; filename="${file.filename}"`);
        }
        reply.header('cache-control', 'private, no-store');
        return reply.status(endpoint.status ?? 200).send(file.body);
      }
      const status = result instanceof Said && result.status ? result.status : endpoint.status;
      return reply.status(status ?? 200).send(envelope(endpoint, result));
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a route was registered from (for the OpenAPI document). */
    endpoint?: EndpointSpec;
  }
}
