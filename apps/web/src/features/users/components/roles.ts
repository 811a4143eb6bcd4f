import { messages } from '@ishuri/contract';
import type { Role } from '@ishuri/contract';

/** A role as the reader's language names it (the badge, the role menus). */
export function roleName(role: Role): string {
  return { learner: messages.learner, instructor: messages.instructor, admin: messages.admin }[
    role
  ];
}

/** The roles an admin may choose, learner first. */
export const roleChoices: readonly Role[] = ['learner', 'instructor', 'admin'];
