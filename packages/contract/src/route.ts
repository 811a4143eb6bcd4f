import type { EndpointSpec } from './endpoint';

/** A reply's kind, and a file's content type. */
type RouteReply<R> = R extends { kind: 'file'; contentType: infer C }
  ? { readonly kind: 'file'; readonly contentType: C }
  : R extends { kind: infer K }
    ? { readonly kind: K }
    : never;

/**
 * What a client needs to call an endpoint, and nothing that needs zod: its method, its path and
 * its reply's kind. The whole endpoint is its type only (`spec`, never set), so a call is typed
 * by the contract while the web app's first JavaScript carries none of its schemas
 * (issue 13: zod was a sixth of the landing's JavaScript). `routes.ts` holds one per endpoint.
 */
export interface Route<E extends EndpointSpec = EndpointSpec> {
  readonly operationId: E['operationId'];
  readonly method: E['method'];
  readonly path: E['path'];
  readonly reply: RouteReply<E['reply']>;
  /** The endpoint this is the route of: a type, never a value. */
  readonly spec?: E;
}

/** The routes of one group of endpoints (`courseApi` → its routes, by the same names). */
export type RoutesOf<Api> = {
  readonly [Name in keyof Api]: Api[Name] extends EndpointSpec ? Route<Api[Name]> : never;
};

/** The route of an endpoint, as `routes.ts` writes it. */
export function routeOf(endpoint: EndpointSpec): Omit<Route, 'spec'> {
  const reply =
    endpoint.reply.kind === 'file'
      ? { kind: 'file' as const, contentType: endpoint.reply.contentType }
      : { kind: endpoint.reply.kind };
  return {
    operationId: endpoint.operationId,
    method: endpoint.method,
    path: endpoint.path,
    reply: reply as Route['reply'],
  };
}

/** Fills `:name` parameters of a path (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}
