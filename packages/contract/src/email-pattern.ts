/**
 * The e-mail pattern of product.md §5 (text, an at sign, text, a dot, text), without zod, so
 * that a light screen (the landing page's newsletter form) can check an address without
 * loading the schema library. `common.ts` re-exports it.
 */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address the schemas accept. */
export const MAX_EMAIL_LENGTH = 254;
