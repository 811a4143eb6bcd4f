import { can, passesGate } from '@ishuri/contract';
import type { Action, Actor, Subject } from '@ishuri/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { optionalAuth, requireAuth } from './auth-guard';
import { fail } from './errors';

/**
 * Authorization, in one place. A route names its action (contract endpoints); `gate(action)`
 * authenticates and checks the action's gate before the handler runs. A service then calls
 * `requireAccess` first, with what the resource's access helper gathered about the record
 * (owner, course type, enrolment, whose record it is), so the record rule is checked once the
 * record is known. No service checks a role by hand.
 */

/**
 * 401 for a visitor, 403 for a signed-in user the rule refuses (or `refused()`, where the
 * product names the reason, e.g. NOT_ENROLLED).
 */
export function requireAccess(
  actor: Actor | null,
  action: Action,
  subject: Subject = {},
  refused?: () => Error,
): void {
  if (can(actor, action, subject)) return;
  if (actor === null) throw fail('UNAUTHENTICATED');
  throw refused ? refused() : fail('FORBIDDEN');
}

/** `requireAccess` for a signed-in caller: answers the actor, no longer nullable. */
export function requireActor(actor: Actor | null, action: Action, subject: Subject = {}): Actor {
  requireAccess(actor, action, subject);
  if (actor === null) throw fail('UNAUTHENTICATED');
  return actor;
}

/**
 * The route guard of an action: reads the token (a visitor is allowed when the gate is
 * `anyone`, and a bad token is then read as a visitor so it never hides public content), then
 * checks the gate.
 */
export function gate(action: Action): preHandlerAsyncHookHandler[] {
  const check: preHandlerAsyncHookHandler = async (request) => {
    if (passesGate(request.actor, action)) return;
    if (request.actor === null) throw fail('UNAUTHENTICATED');
    throw fail('FORBIDDEN');
  };
  return passesGate(null, action) ? [optionalAuth, check] : [requireAuth, check];
}

/** The caller of an action whose gate needs a signed-in user (401 otherwise). */
export function signedInActor(actor: Actor | null): Actor {
  if (actor === null) throw fail('UNAUTHENTICATED');
  return actor;
}
