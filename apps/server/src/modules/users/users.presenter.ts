import type { Profile, User } from '@ishuri/contract';
import { users } from '../../db/schema';
import type { ColumnsRow } from '../../lib/pagination';

/** The columns a user is presented from: the list of users reads only these (lib/pagination.ts). */
export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  bio: users.bio,
  createdAt: users.createdAt,
};

/** A user as clients see it: never the password hash or internal columns. */
export function presentUser(row: ColumnsRow<typeof userColumns>): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    bio: row.bio,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One's own profile: the user, the address waiting for confirmation, the chosen language. */
export function presentProfile(
  row: typeof users.$inferSelect,
  pendingEmail: string | null,
): Profile {
  return { ...presentUser(row), pendingEmail, language: row.language };
}
