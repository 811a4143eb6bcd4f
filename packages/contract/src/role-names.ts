/**
 * The role names and their comparison, without zod, so that a client can read a role without
 * loading the schema library (the web app's first screen). `roles.ts` re-exports them.
 */
export const roles = ['admin', 'learner', 'instructor'] as const;
export type Role = (typeof roles)[number];

export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return (roles as readonly string[]).includes(lower) ? (lower as Role) : null;
}
