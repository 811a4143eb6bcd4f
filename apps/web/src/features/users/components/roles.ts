import type { Role } from '@ishuri/contract';

/** The roles an admin may choose, learner first. */
export const roleChoices: readonly Role[] = ['learner', 'instructor', 'admin'];
