import type { Action, Actor } from '@ishuri/contract';
import { requireActor } from '../../lib/access';

/**
 * The users' access helper: what a user rule needs is whose record it is (self or not), and
 * the caller's role. Every users service calls it first.
 */
export function requireUserAccess(actor: Actor | null, action: Action, userId?: string): Actor {
  return requireActor(actor, action, userId === undefined ? {} : { userId });
}
