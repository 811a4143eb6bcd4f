import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { users } from './db/schema';
import type { AppContext } from './context';
import { uuidv7 } from './lib/ids';
import { hashPassword } from './modules/auth/passwords';

/**
 * On first start with an empty database: one admin, from ADMIN_EMAIL/ADMIN_PASSWORD or with a
 * generated password printed once (decisions.md §2).
 */
export async function ensureFirstAdmin(
  ctx: AppContext,
  print: (line: string) => void = (line) => console.log(line),
): Promise<boolean> {
  const db = ctx.database.db;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const generated = !ctx.config.adminPassword;
  const password = ctx.config.adminPassword ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      id: uuidv7(),
      email: ctx.config.adminEmail,
      firstName: 'Admin',
      lastName: 'Ishuri',
      passwordHash: await hashPassword(password),
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another process of the deployment made it first: its password is the one printed there.
  if (inserted.length === 0) return false;
  print('First start: an admin account was created.');
  print(`  e-mail:   ${ctx.config.adminEmail}`);
  print(
    generated
      ? `  password: ${password}   (shown once: keep it, or set ADMIN_PASSWORD before the first start)`
      : '  password: the value of ADMIN_PASSWORD',
  );
  return true;
}
