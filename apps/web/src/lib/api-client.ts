import { fillPath, messages } from '@ishuri/contract';
import { noteRead } from './data-age';
import type { EndpointInput, EndpointSpec, ErrorCode, ReplyBody } from '@ishuri/contract';
import type { Route } from '@ishuri/contract';
import { dropToken, getToken } from './auth';
import { currentLanguage } from './language';

/**
 * The only way the app talks to the API: `call(route, …)` with an endpoint's route from
 * `@ishuri/contract/routes` (its method, path and reply kind; typed by the whole endpoint).
 * - Sends the stored token as `Authorization: Bearer …` (unless `auth: false`).
 * - Sends plain objects as JSON and `FormData` as multipart.
 * - Answers the parsed body, checked against the endpoint's reply kind (and, in development and
 *   tests, against its whole reply schema).
 * - Throws `ApiError` for any status outside 200-299 (with the server's `error`, `code` and
 *   `fields`), and `NetworkError` when no answer came (offline, refused, timed out).
 * - A 401 to a request that carried the stored token means the session is over: the token and
 *   the stored role are removed and the app goes to /login.
 */

const BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** A plain object or array is sent as JSON; `FormData` as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored token (default true). */
  auth?: boolean;
  /** Send this token instead of the stored one. */
  token?: string;
  /**
   * How to read a successful answer (default: JSON, or undefined when empty); `response` answers
   * the Response itself, for a caller that checks its status and headers (a PDF download).
   */
  responseType?: 'json' | 'blob' | 'text' | 'response';
  /** Give up after this long (no limit by default; uploads use 300000). */
  timeoutMs?: number;
  /** Upload progress from 0 to 1 (multipart uploads); the request then goes through XHR. */
  onUploadProgress?: (fraction: number) => void;
  /** Do not end the session on a 401 (logout itself). */
  ignoreUnauthorized?: boolean;
}

/** The server answered with an error status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    /** The server's `error` sentence, when the body had one. */
    readonly serverMessage: string | null,
    /** The contract's error code; INVALID_RESPONSE when the answer was not what it promised. */
    readonly code: ErrorCode | 'INVALID_RESPONSE' | null = null,
    readonly fields: Record<string, string> = {},
    /** The body's `message` field, when it had one (some screens fall back to it). */
    readonly bodyMessage: string | null = null,
  ) {
    super(serverMessage ?? `The API answered ${status}`);
  }
}

/** No answer: the network failed, the server is unreachable, or the time limit passed. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(readonly timedOut = false) {
    super(timedOut ? 'The request timed out' : 'The server could not be reached');
  }
}

/**
 * The server's sentence for an ApiError, else the screen's fallback sentence; an answer that is
 * not what the contract promises is "Unexpected response. Please try again."
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'INVALID_RESPONSE') {
    return messages.unexpectedResponse;
  }
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

let onSessionExpired: () => void = () => window.location.assign('/login');
/** Sends a request: the browser's fetch (the build's prerender notes the request instead). */
let send: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
/** The stored token (the build's prerender asks as if a user were signed in). */
let storedToken: () => string | null = getToken;

/**
 * The app decides how to go to /login (through the router); set once at start. The build's
 * prerender (src/prerender/render.tsx) gives its own `send` and `storedToken`.
 */
export function configureApiClient(options: {
  onSessionExpired?: () => void;
  send?: (url: string, init: RequestInit) => Promise<Response>;
  storedToken?: () => string | null;
}): void {
  if (options.onSessionExpired) onSessionExpired = options.onSessionExpired;
  if (options.send) send = options.send;
  if (options.storedToken) storedToken = options.storedToken;
}

/** The server refused the stored token: it is removed with the role, and the user goes to /login. */
export function endSession(): void {
  dropToken();
  onSessionExpired();
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const full = path.startsWith(`${BASE}/`)
    ? path
    : `${BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${full}?${search}` : full;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The answer's error code. Checked by its shape, not against the contract's table of codes: that
 * table (every code with its status) would be in every page's first JavaScript, and a code this
 * app does not know is compared with none anyway.
 */
function errorCodeOf(code: unknown): ErrorCode | null {
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,63}$/.test(code)
    ? (code as ErrorCode)
    : null;
}

async function readErrorBody(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page, an empty body): no server sentence.
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fields =
    record.fields && typeof record.fields === 'object'
      ? (record.fields as Record<string, string>)
      : {};
  return new ApiError(
    response.status,
    typeof record.error === 'string' && record.error ? record.error : null,
    errorCodeOf(record.code),
    fields,
    typeof record.message === 'string' && record.message ? record.message : null,
  );
}

async function readBody(response: Response, type: RequestOptions['responseType']) {
  if (type === 'response') return response;
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(response.status, null, 'INVALID_RESPONSE');
  }
}

/** The headers every request carries: what it accepts, the reader's language, the token. */
function baseHeaders(token: string | null, options: RequestOptions): Headers {
  const headers = new Headers(options.headers);
  const binary = options.responseType === 'blob' || options.responseType === 'response';
  headers.set('Accept', binary ? '*/*' : 'application/json');
  // The server answers its sentences (errors, confirmations) in the reader's language.
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', currentLanguage());
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/**
 * The first page's first read, started as the app starts (by its route, before the page is
 * drawn) rather than once the page has been drawn and its effects run: on a phone, drawing the
 * page takes a few hundred milliseconds that the read now overlaps. The page's own request (the
 * same address, with the same token) takes the answer, once. Only while the app starts
 * (`closeEarlyReads`): later pages read what they need themselves. An answer nobody took (the
 * page had the course already) is dropped after a few seconds, and at once when anything is
 * changed: it would be older than the change.
 */
const early = new Map<string, Promise<Response>>();
let earlyOpen = true;
const EARLY_KEPT_MS = 10_000;
const earlyKey = (url: string, token: string | null) => `${token ?? ''} ${url}`;

export function readEarly(path: string, { auth = true }: { auth?: boolean } = {}): void {
  if (!earlyOpen || typeof window === 'undefined') return;
  const url = apiUrl(path);
  // As the page's own request will ask: with the stored token, or without one (`auth: false`).
  const token = auth ? storedToken() : null;
  const key = earlyKey(url, token);
  if (early.has(key)) return;
  const answer = send(url, { method: 'GET', headers: baseHeaders(token, {}) });
  // A failure is the page's own request's to meet (it gets the same error, or asks again).
  answer.catch(() => undefined);
  early.set(key, answer);
  setTimeout(() => early.delete(key), EARLY_KEPT_MS);
}

/** The app has drawn its first page: no read is started early any more. */
export function closeEarlyReads(): void {
  earlyOpen = false;
}

/** The answer read early for this request, if it is one (a plain JSON read, no headers of its own). */
function takeEarly(
  url: string,
  token: string | null,
  init: RequestInit,
  options: RequestOptions,
): Promise<Response> | null {
  if (init.method !== 'GET' || options.headers || (options.responseType ?? 'json') !== 'json') {
    return null;
  }
  const key = earlyKey(url, token);
  const answer = early.get(key);
  early.delete(key);
  return answer ?? null;
}

async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token ?? (options.auth === false ? null : storedToken());
  const headers = baseHeaders(token, options);
  if ((options.method ?? 'GET') !== 'GET') early.clear();

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((signal): signal is AbortSignal => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const init: RequestInit = { method: options.method ?? 'GET', headers, body, signal };
  const url = apiUrl(path, options.query);

  let response: Response;
  try {
    response = options.onUploadProgress
      ? // Loaded with the first upload (the dashboards'), not with every page.
        await import('./send-with-progress').then(({ sendWithProgress }) =>
          sendWithProgress(
            url,
            init as RequestInit & { body?: XMLHttpRequestBodyInit },
            options.onUploadProgress!,
          ),
        )
      : await (takeEarly(url, token, init, options) ?? send(url, init));
  } catch (error) {
    if (
      signal?.aborted &&
      signal.reason instanceof DOMException &&
      signal.reason.name === 'TimeoutError'
    ) {
      throw new NetworkError(true);
    }
    if (isAbort(error) || options.signal?.aborted) throw error;
    throw new NetworkError();
  }

  if (!response.ok) {
    const error = await readErrorBody(response);
    const sessionEnded =
      response.status === 401 && token !== null && token === getToken() && !options.token;
    if (sessionEnded && !options.ignoreUnauthorized) endSession();
    throw error;
  }
  noteRead(url, response);
  return (await readBody(response, options.responseType)) as T;
}

/**
 * What `call` answers: the `data` of a `{ data }` reply, a file as a Blob, and the whole body
 * of the other kinds (a list page, `{ message }`, `{ message, data }`).
 */
export type CallResult<E extends EndpointSpec> = E['reply'] extends { kind: 'data' }
  ? ReplyBody<E>['data' & keyof ReplyBody<E>]
  : E['reply'] extends { kind: 'file' }
    ? Blob
    : ReplyBody<E>;

export type CallOptions = Pick<
  RequestOptions,
  // `headers`: e.g. Premium's checkout sends an Idempotency-Key (issue 33)
  'signal' | 'auth' | 'token' | 'timeoutMs' | 'onUploadProgress' | 'ignoreUnauthorized' | 'headers'
>;

/** Whether an answer has the envelope of its reply kind (decisions §1): no schema needed. */
function hasEnvelope(kind: Exclude<Route['reply']['kind'], 'file'>, answer: unknown): boolean {
  if (kind === 'plain') return answer !== undefined;
  if (typeof answer !== 'object' || answer === null) return false;
  const body = answer as Record<string, unknown>;
  switch (kind) {
    case 'data':
      return 'data' in body;
    case 'list':
      return Array.isArray(body.data);
    case 'message':
      return typeof body.message === 'string';
    case 'messageAndData':
      return typeof body.message === 'string' && 'data' in body;
  }
}

/**
 * Calls a contract endpoint by its route: its method and path with the params filled in, its
 * query and body. An answer that is not what the contract promises is an `ApiError` with code
 * INVALID_RESPONSE, never a wrong screen. In production the envelope of its reply kind is
 * checked (`{ data }`, a list, `{ message }`…), and a plain answer against its schema, so the
 * public pages download no schema (the server's tests check what it sends against the same
 * contract); in development and tests every answer is checked against its whole schema.
 */
export async function call<E extends EndpointSpec>(
  endpoint: Route<E>,
  input: EndpointInput<E> & CallOptions = {} as EndpointInput<E> & CallOptions,
): Promise<CallResult<E>> {
  const { params, query, body, ...options } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & CallOptions;
  const path = fillPath(endpoint.path, params);
  const reply = endpoint.reply as Route['reply'];
  if (reply.kind === 'file') {
    const response = await apiRequest<Response>(path, {
      ...options,
      method: endpoint.method,
      query,
      body,
      responseType: 'response',
    });
    const type = response.headers.get('Content-Type') ?? '';
    // `application/octet-stream`: the file's own type, chosen by the server from an allow-list.
    const anyType = reply.contentType === 'application/octet-stream';
    if (!anyType && !type.toLowerCase().startsWith(reply.contentType)) {
      throw new ApiError(response.status, null, 'INVALID_RESPONSE');
    }
    return (await response.blob()) as CallResult<E>;
  }
  const answer = await apiRequest<unknown>(path, {
    ...options,
    method: endpoint.method,
    query,
    body,
  });
  let valid = hasEnvelope(reply.kind, answer);
  // A plain answer has no envelope to check: it is checked against its schema (sign-in's steps,
  // loaded with the sign-in screens). So is every answer in development and tests.
  if (valid && (import.meta.env.DEV || reply.kind === 'plain')) {
    const { replyMatches } = await import('./reply-check');
    valid = replyMatches(endpoint.operationId, answer);
  }
  if (!valid) throw new ApiError(200, null, 'INVALID_RESPONSE');
  const value = answer as Record<string, unknown>;
  return (reply.kind === 'data' ? value.data : value) as CallResult<E>;
}
