import type { Actor } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { revokedTokens, users } from '../db/schema';
import { fail } from './errors';
import { speakAccountLanguage } from './i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. Set by the auth guards. */
    actor: Actor | null;
    /** The verified token's id and expiry, for logout. */
    session: { jti: string; expiresAt: Date } | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return '';
  return token;
}

/**
 * Resolves the token to a live user: signature and expiry, then the user still exists, has not
 * changed password since, and the token was not logged out. The role comes from the database.
 * A token found valid is kept in the session cache, so the next request reads nothing. The
 * account's language, when chosen, is the language of the rest of the request.
 */
async function resolve(request: FastifyRequest): Promise<Actor | null | 'invalid'> {
  const token = bearer(request);
  if (token === null) return null;
  if (token === '') return 'invalid';
  const { tokens, database, sessions } = request.server.ctx;
  const claims = await tokens.verify(token);
  if (!claims) return 'invalid';
  const session = { jti: claims.jti, expiresAt: new Date(claims.exp * 1000) };
  const known = sessions.get(claims.jti);
  if (known) {
    request.session = session;
    speakAccountLanguage(known.language);
    return known.actor;
  }
  const generation = sessions.generation;
  const db = database.db;
  // One round trip: the user, and whether this token was logged out.
  const [user] = await db
    .select({
      id: users.id,
      role: users.role,
      language: users.language,
      passwordChangedAt: users.passwordChangedAt,
      revoked: revokedTokens.jti,
    })
    .from(users)
    .leftJoin(revokedTokens, eq(revokedTokens.jti, claims.jti))
    .where(eq(users.id, claims.id))
    .limit(1);
  if (!user || user.passwordChangedAt.getTime() !== claims.pca || user.revoked !== null) {
    return 'invalid';
  }
  request.session = session;
  const actor: Actor = { id: user.id, role: user.role };
  sessions.set(claims.jti, generation, { actor, language: user.language });
  speakAccountLanguage(user.language);
  return actor;
}

/** Each request's token is resolved once, whoever asks first (a guard, or the error handler). */
const resolved = new WeakMap<FastifyRequest, Promise<Actor | null | 'invalid'>>();
function resolveOnce(request: FastifyRequest) {
  let found = resolved.get(request);
  if (!found) resolved.set(request, (found = resolve(request)));
  return found;
}

/**
 * A request refused before its guard ran (its body or address did not validate) is still
 * answered in its signed-in user's language: the token, if any, is read for it.
 */
export async function learnAccountLanguage(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization) await resolveOnce(request).catch(() => undefined);
}

/** Requires a valid token: 401 otherwise. */
export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  const actor = await resolveOnce(request);
  if (actor === null) throw fail('UNAUTHENTICATED');
  if (actor === 'invalid') throw fail('INVALID_TOKEN');
  request.actor = actor;
};

/**
 * Reads a token when there is one. A missing token is a visitor; a bad one is also treated as a
 * visitor on these public routes, so a stale token never hides public content.
 */
export const optionalAuth: preHandlerAsyncHookHandler = async (request) => {
  const actor = await resolveOnce(request);
  request.actor = actor === 'invalid' ? null : actor;
};
