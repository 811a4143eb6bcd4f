import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../lib/secrets';

/**
 * The two cookies that keep strangers from locking an owner out (decisions.md §2; OWASP's
 * "device cookies"). Both are httpOnly, SameSite=Lax, Secure over https, and sent only to
 * /api/auth.
 *
 * - The device cookie is set when a code is verified. It names the browser, is signed with the
 *   server's secret and bound to the e-mail that signed in: password tries that carry it are
 *   counted for that browser alone, so wrong passwords sent by others never refuse it.
 * - The sign-in cookie is set with each code. Its hash is stored with the code: tries from the
 *   browser that signed in are counted apart from everyone else's, and only that browser may
 *   ask for a new code.
 */
export const DEVICE_COOKIE = 'ishuri_device';
export const DEVICE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;
export const SIGNIN_COOKIE = 'ishuri_signin';
export const SIGNIN_LIFETIME_SECONDS = 60 * 60;

const COOKIE_PATH = '/api/auth';

/** The request's cookies (the few this server reads are plain base64url and dots). */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9._-]{1,300}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure}`,
  );
}

const mac = (secret: string, email: string, id: string, expires: number) =>
  createHmac('sha256', secret).update(`device\n${email}\n${id}\n${expires}`).digest('base64url');

/** A new device cookie value for this e-mail: `id.expires.signature`. */
export function newDeviceCookie(secret: string, email: string, now = Date.now()): string {
  const id = randomBytes(16).toString('base64url');
  const expires = Math.floor(now / 1000) + DEVICE_LIFETIME_SECONDS;
  return `${id}.${expires}.${mac(secret, email, id, expires)}`;
}

/** The device id of a valid, unexpired device cookie issued for this e-mail; otherwise null. */
export function deviceIdFor(
  secret: string,
  email: string,
  value: string | null,
  now = Date.now(),
): string | null {
  const [id, expiresText, signature, extra] = value?.split('.') ?? [];
  if (!id || !expiresText || !signature || extra !== undefined) return null;
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 <= now) return null;
  return safeEqual(signature, mac(secret, email, id, expires)) ? id : null;
}

/** A new sign-in cookie value (its SHA-256 is stored with the code). */
export const newSigninCookie = () => randomBytes(32).toString('base64url');
