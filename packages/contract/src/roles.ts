import { z } from 'zod';
import { roles } from './role-names';

/** Roles are lowercase everywhere; compare with `normalizeRole` when the input may not be. */
export { normalizeRole } from './role-names';
export type { Role } from './role-names';
export const roleSchema = z.enum(roles);
