/** Path segments that are secrets or personal: reset tokens, unsubscribed addresses. */
const secretAfter = ['resetpassword', 'unsubscribe'];
const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A long random-looking segment (a token of any route): never logged. */
const tokenLike = /^[A-Za-z0-9_~.%-]{32,}$/;

/** A path as logged: no query string, and no token or e-mail address among its segments. */
export function pathForLog(url: string): string {
  const segments = (url.split('?')[0] ?? '').split('/');
  return segments
    .map((segment, index) => {
      if (index > 0 && secretAfter.includes(segments[index - 1]!.toLowerCase())) {
        return '[redacted]';
      }
      if (!uuidLike.test(segment) && tokenLike.test(segment)) return '[redacted]';
      return segment;
    })
    .join('/');
}

/** A request as logged: method and path, never the query string (it may hold a token). */
export function requestForLog(request: { method?: string; url?: string; ip?: string }) {
  return {
    method: request.method,
    url: pathForLog(request.url ?? ''),
    remoteAddress: request.ip,
  };
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  cause?: LoggedError;
  [key: string]: unknown;
}

/** Errors of the database drivers and of Drizzle carry the statement, its values or a detail. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    'query' in error ||
    'params' in error ||
    'detail' in error ||
    'severity' in error ||
    (typeof error.message === 'string' && error.message.startsWith('Failed query'))
  );
}

/** Quoted values inside a database message (`invalid input syntax for type uuid: "…"`). */
const withoutValues = (message: string) =>
  message.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '…').slice(0, 300);

/** Only the "at …" lines of a stack: its first line repeats the message. */
const framesOnly = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n')
    : '';

/**
 * An error as logged. A database error loses its statement, values and detail (they can hold
 * password hashes, codes or e-mail addresses): only its kind, SQLSTATE, a value-free reason and
 * the stack frames remain.
 */
export function errorForLog(error: Error, depth = 0): LoggedError {
  if (!error || typeof error !== 'object') {
    return { type: typeof error, message: String(error), stack: '' };
  }
  const record = error as unknown as Record<string, unknown>;
  const type = (record.name as string | undefined) ?? 'Error';
  const cause =
    record.cause && depth < 3 ? errorForLog(record.cause as Error, depth + 1) : undefined;
  if (isDatabaseError(record) || cause?.type === 'DatabaseError') {
    const sqlState = typeof record.code === 'string' ? record.code : undefined;
    const message =
      typeof record.message === 'string' && !record.message.startsWith('Failed query')
        ? withoutValues(record.message)
        : 'Database query failed';
    return {
      type: record.query !== undefined ? type : 'DatabaseError',
      message,
      ...(sqlState ? { code: sqlState } : {}),
      ...(cause ? { cause } : {}),
      stack: framesOnly(record.stack),
    };
  }
  return {
    type,
    message: typeof record.message === 'string' ? record.message : String(error),
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
    stack: typeof record.stack === 'string' ? record.stack : '',
    ...(cause ? { cause } : {}),
  };
}
