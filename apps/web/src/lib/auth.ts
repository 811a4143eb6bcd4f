import { normalizeRole } from '@ishuri/contract';
import type { Actor, Role } from '@ishuri/contract';
import { jwtDecode } from 'jwt-decode';
import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './preferences';

/** Local-storage keys (product.md §3). */
export const AUTH_TOKEN_KEY = 'authToken';
export const ROLE_KEY = 'role';
export const USER_DATA_KEY = 'userData';

/** The signed-in user as the token says. */
export interface Session {
  token: string;
  id: string;
  /** Lowercase; null when the token carries a role the app does not know. */
  role: Role | null;
  firstName: string;
  /** Expiry in ms since the epoch, when the token has one. */
  expiresAt: number | null;
}

/** The letter in a user's round avatar: their first name's first letter, capital. */
export const avatarLetter = (firstName: string) => (firstName.trim()[0] ?? '?').toUpperCase();

/** Decodes the JWT payload (`id`, `role`, `firstName`); null when it is not a usable token. */
export function decodeToken(token: string): Session | null {
  try {
    const payload = jwtDecode<Record<string, unknown>>(token);
    if (typeof payload.id !== 'string' || payload.id === '') return null;
    return {
      token,
      id: payload.id,
      role: normalizeRole(payload.role),
      firstName: typeof payload.firstName === 'string' ? payload.firstName : '',
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
    };
  } catch {
    return null;
  }
}

export function isExpired(session: Session, now = Date.now()): boolean {
  return session.expiresAt !== null && session.expiresAt <= now;
}

/** The stored token, whatever it holds. A stored token means "logged in" to the guards. */
export function getToken(): string | null {
  const token = readStored(AUTH_TOKEN_KEY);
  return token ? token : null;
}

let cache: { token: string | null; session: Session | null } = { token: null, session: null };

/** The decoded session of the stored token; the same object while the token does not change. */
export function getSession(): Session | null {
  const token = getToken();
  if (token !== cache.token) cache = { token, session: token ? decodeToken(token) : null };
  return cache.session;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * True once another tab of this browser removed the token this tab was signed in with (a logout
 * there, issue 32 point 15): this tab then says so, with a way to log in again, rather than
 * quietly carrying on as a visitor. False again as soon as a token is stored (here or there).
 */
let signedOutElsewhere = false;

/**
 * The user this tab acts as: the one signed in before another tab changed the token, or signed
 * in or gone on with here. Kept through a sign-out elsewhere, so that a sign-in there as someone
 * else is told here too; a sign-in there as the same user is not. While the stored token (the
 * tabs share it) is another user's, this tab says so before anything more is done in it: what it
 * does from then on is saved to the other account (`useSwitchedElsewhere`).
 */
let tabUser: string | null = null;

function onStorage(event: StorageEvent) {
  if (event.key === null || [AUTH_TOKEN_KEY, ROLE_KEY, USER_DATA_KEY].includes(event.key)) {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) {
      // What this tab was signed in with: the event's old value, or (storage cleared) the last
      // token this tab read.
      const before = event.key === AUTH_TOKEN_KEY ? event.oldValue : cache.token;
      const was = before ? decodeToken(before) : null;
      tabUser ??= was?.id ?? null;
      if (getToken()) signedOutElsewhere = false;
      else if (was) signedOutElsewhere = true;
    }
    notify();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Stores a new token after verification: the token, its role and the user data. */
export function saveSession(token: string): Session | null {
  const session = decodeToken(token);
  signedOutElsewhere = false;
  tabUser = session?.id ?? null;
  writeStored(AUTH_TOKEN_KEY, token);
  writeStored(ROLE_KEY, session?.role ?? null);
  writeStored(
    USER_DATA_KEY,
    session
      ? JSON.stringify({ id: session.id, role: session.role, firstName: session.firstName })
      : null,
  );
  notify();
  return getSession();
}

/** A token found invalid: removes the token and the stored role (product.md §3). */
export function dropToken(): void {
  writeStored(AUTH_TOKEN_KEY, null);
  writeStored(ROLE_KEY, null);
  notify();
}

/** Logout: removes the token, the stored role and the user data. */
export function clearSession(): void {
  signedOutElsewhere = false;
  tabUser = null;
  writeStored(AUTH_TOKEN_KEY, null);
  writeStored(ROLE_KEY, null);
  writeStored(USER_DATA_KEY, null);
  notify();
}

/** The current session; re-renders on login and logout, in this tab and in others. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** Whether another tab signed this tab's user out (see `signedOutElsewhere`). */
export function useSignedOutElsewhere(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => signedOutElsewhere,
    () => false,
  );
}

/** Whether another tab signed in as another user than the one this tab acts as (`tabUser`). */
export function useSwitchedElsewhere(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => {
      const now = getSession();
      return now !== null && tabUser !== null && now.id !== tabUser;
    },
    () => false,
  );
}

/** The reader goes on in this tab as the user signed in elsewhere. */
export function acknowledgeSwitch(): void {
  tabUser = getSession()?.id ?? null;
  notify();
}

/** The session as the contract's role matrix sees it (`can(actorOf(session), action)`). */
export function actorOf(session: Session | null): Actor | null {
  return session?.role ? { id: session.id, role: session.role } : null;
}
