import { messages } from '@ishuri/contract';
import type { Action } from '@ishuri/contract';
import { redirect } from 'react-router';
import { toastLater } from '../lib/toast';
import { actorOf, dropToken, getSession, getToken, isExpired } from '../lib/auth';

/**
 * Route guards are loaders: they run before a screen is shown, on every navigation into it.
 */

/** /login, /register, /otp, /forgotPassword, /resetpassword/:token: not with a stored token. */
export function guestOnly() {
  return getToken() ? redirect('/dashboard') : null;
}

/**
 * /dashboard/*: without a token, to /. A token that cannot be read or has expired is removed
 * with the stored role, and the user goes to /login (product.md §4).
 */
export function requireSession() {
  if (!getToken()) return redirect('/');
  const session = getSession();
  if (!session || isExpired(session)) {
    dropToken();
    return redirect('/login');
  }
  return null;
}

/**
 * A dashboard screen for some roles only: others go to /dashboard with "You don't have
 * permission to access this page" (product.md §6). Use after `requireSession`, e.g.
 * `{ path: 'all-users', loader: requireAbility('user:list'), lazy: … }`.
 */
export function requireAbility(action: Action) {
  return async () => {
    const session = getSession();
    if (!session) return redirect('/');
    // The role matrix is loaded with the first screen that checks it, not with the public pages.
    const { can } = await import('../lib/role-matrix');
    if (!can(actorOf(session), action)) {
      toastLater.error(messages.noPermission, { toastId: 'no-permission' });
      return redirect('/dashboard');
    }
    return null;
  };
}
