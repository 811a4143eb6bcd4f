import type { z } from 'zod';
import type { Action } from './abilities';
import { dataOf, listOf, messageAndDataOf, messageSchema } from './common';
import type { ListResponse } from './common';
import type { ErrorCode } from './errors';
import type { MessageKey } from './messages';

/**
 * A whole endpoint, described once: method, path, who may call it (an action of the role
 * matrix), its inputs, the shape of its answer and the error codes it can answer with.
 * The server registers its routes from these (lib/route.ts), the OpenAPI document is generated
 * from them, and the web app's `call(endpoint, …)` is typed by them and checks each answer.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a success answer looks like (the one envelope convention):
 * - `data`: `{ data }`
 * - `list`: `{ data: [...] }`, plus `total`, `page`, `pageSize` when a page was asked for
 * - `message`: `{ message }`, the sentence being the endpoint's `message` key (or the service's)
 * - `messageAndData`: `{ message, data }`
 * - `file`: a binary body of the given type (a certificate PDF, a picture)
 * - `plain`: the body as it is (health, and answers a third party reads unwrapped)
 */
export type Reply =
  | { kind: 'data'; schema: z.ZodType }
  | { kind: 'list'; item: z.ZodType }
  | { kind: 'message'; message: MessageKey }
  | { kind: 'messageAndData'; schema: z.ZodType; message: MessageKey }
  | {
      kind: 'file';
      /** `application/octet-stream`: the file's own type, from an allow-list (resources). */
      contentType:
        | 'application/pdf'
        | 'image/webp'
        | 'text/csv'
        | 'text/calendar'
        | 'application/octet-stream';
    }
  | { kind: 'plain'; schema: z.ZodType };

export interface MultipartFile {
  /** The form field the file is sent in. */
  field: string;
  kind: 'image' | 'video' | 'captions' | 'resource';
  required: boolean;
}

export interface EndpointSpec {
  /** Unique, camelCase; the generated clients' method name. */
  operationId: string;
  method: HttpMethod;
  /** The full path, with `:name` parameters (`/api/course/single/:id`). */
  path: `/api/${string}` | '/api';
  /** Who may call it: an action of the role matrix (contract/abilities.ts). */
  action: Action;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body: its text fields (checked by the service) and its files. */
  multipart?: { fields: z.ZodObject; files: readonly MultipartFile[] };
  /** The success status (200 unless said; 202 for work that goes on, e.g. a payment). */
  status?: 200 | 201 | 202;
  /** A create that may find its record already there: it then answers 200 with the same body. */
  alsoOk?: boolean;
  reply: Reply;
  /** Every error code this endpoint can answer with, beyond those its action and inputs imply. */
  errors: readonly ErrorCode[];
}

export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** The zod schema of a success body, or null for a file. */
export function replySchema(reply: Reply): z.ZodType | null {
  switch (reply.kind) {
    case 'data':
      return dataOf(reply.schema);
    case 'list':
      return listOf(reply.item);
    case 'message':
      return messageSchema;
    case 'messageAndData':
      return messageAndDataOf(reply.schema);
    case 'plain':
      return reply.schema;
    case 'file':
      return null;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;

/** A file answer's bytes (a Blob in the browser). */
export interface FileBody {
  readonly size: number;
  readonly type: string;
}
/** A multipart body (a FormData in the browser). */
export type MultipartBody = object;

/** The body the server sends, by the endpoint's reply kind. */
export type ReplyBody<E extends EndpointSpec> = E['reply'] extends { kind: 'data'; schema: infer S }
  ? { data: Out<S> }
  : E['reply'] extends { kind: 'list'; item: infer I }
    ? ListResponse<Out<I>>
    : E['reply'] extends { kind: 'message' }
      ? { message: string }
      : E['reply'] extends { kind: 'messageAndData'; schema: infer S }
        ? { message: string; data: Out<S> }
        : E['reply'] extends { kind: 'plain'; schema: infer S }
          ? Out<S>
          : FileBody;

/** What a service hands to the reply helper, by the endpoint's reply kind. */
export type ReplyData<E extends EndpointSpec> = E['reply'] extends { kind: 'data'; schema: infer S }
  ? Out<S>
  : E['reply'] extends { kind: 'list'; item: infer I }
    ? ListResponse<Out<I>>
    : E['reply'] extends { kind: 'message' }
      ? void
      : E['reply'] extends { kind: 'messageAndData'; schema: infer S }
        ? Out<S>
        : E['reply'] extends { kind: 'plain'; schema: infer S }
          ? Out<S>
          : unknown;

type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The inputs a client passes to call an endpoint: its path params, query and body. */
export type EndpointInput<E extends EndpointSpec> = (E['params'] extends z.ZodType
  ? { params: In<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { body: In<E['body']> }
    : E['multipart'] extends object
      ? { body: MultipartBody }
      : { body?: undefined });
