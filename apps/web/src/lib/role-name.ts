import { messages } from '@ishuri/contract';
import type { Role } from '@ishuri/contract';

/** A role as the reader's language names it (the users' table and menus, Settings). */
export function roleName(role: Role): string {
  return { learner: messages.learner, instructor: messages.instructor, admin: messages.admin }[
    role
  ];
}
