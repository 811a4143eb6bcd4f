import type { Role } from '@ishuri/contract';
import { users } from '../db/schema';
import { uuidv7 } from '../lib/ids';
import { hashPassword } from '../modules/auth/passwords';
import type { TestServer } from './server';

let counter = 0;

export const DEFAULT_PASSWORD = 'correct-horse-battery';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** A valid session token, issued as verifyCode would. */
  token: string;
}

/** A user written straight to the database, with a token (the sign-in flow has its own tests). */
export async function createUser(
  server: TestServer,
  values: Partial<Pick<TestUser, 'email' | 'password' | 'firstName' | 'lastName' | 'role'>> = {},
): Promise<TestUser> {
  counter += 1;
  const password = values.password ?? DEFAULT_PASSWORD;
  const [row] = await server.ctx.database.db
    .insert(users)
    .values({
      id: uuidv7(),
      email: (values.email ?? `user${counter}-${Date.now()}@example.com`).toLowerCase(),
      firstName: values.firstName ?? `First${counter}`,
      lastName: values.lastName ?? `Last${counter}`,
      role: values.role ?? 'learner',
      passwordHash: await hashPassword(password),
    })
    .returning();
  const issued = await server.ctx.tokens.issue(row!);
  return {
    id: row!.id,
    email: row!.email,
    password,
    firstName: row!.firstName,
    lastName: row!.lastName,
    role: row!.role,
    token: issued.token,
  };
}
