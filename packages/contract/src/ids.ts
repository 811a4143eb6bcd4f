/**
 * Ids as text, without zod, so that a screen that only checks an id in its address (the
 * learning page) does not load the schema library. `common.ts` re-exports them.
 */

/** A UUID's text, in any letter case, for patterns that hold ids (one, or a list). */
export const uuidText =
  '[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}';
const uuidPattern = new RegExp(`^${uuidText}$`);
/** Whether the text is a UUID, in any letter case (what every id of the API is). */
export const looksLikeId = (value: string) => uuidPattern.test(value);
/** A UUID in lower case (as stored), or the text unchanged when it is no UUID. */
export const normalizeId = (value: string) =>
  uuidPattern.test(value) ? value.toLowerCase() : value;
