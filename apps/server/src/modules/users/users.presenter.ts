import type { Profile, User } from '@ishuri/contract';
import type { users } from '../../db/schema';

/** A user as clients see it: never the password hash or internal columns. */
export function presentUser(row: typeof users.$inferSelect): User {
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
