/**
 * The e-mail pattern of product.md §5 (text, an at sign, text, a dot, text), without zod, so
 * that a light screen (the landing page's newsletter form) can check an address without
 * loading the schema library. `common.ts` re-exports it.
 *
 * The text around the at sign holds none of the characters that make a mail library read
 * something else than one plain address (issue 29, point 6): white space and control characters,
 * `;` and `,` (lists), `"` (quoted names), `<` `>` (a name and its address), `(` `)` (comments),
 * `:` (groups), `[` `]` and `\`. So the address stored is the address mailed: nodemailer's
 * address parser reads every accepted address as exactly itself (email-pattern.test.ts).
 * An apostrophe stays accepted (`o'neil@example.com` is a real, common address).
 */
const part = '[^\\s@;,"<>()[\\]:\\\\\\u0000-\\u001f\\u007f-\\u009f]+';
export const emailPattern = new RegExp(`^${part}@${part}\\.${part}$`);

/** The longest address the schemas accept. */
export const MAX_EMAIL_LENGTH = 254;
