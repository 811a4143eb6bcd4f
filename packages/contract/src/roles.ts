import { z } from 'zod';

/** Roles are lowercase everywhere; compare with `normalizeRole` when the input may not be. */
export const roles = ['admin', 'learner', 'instructor'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export function normalizeRole(value: unknown): Role | null {
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return (roles as readonly string[]).includes(lower) ? (lower as Role) : null;
}
