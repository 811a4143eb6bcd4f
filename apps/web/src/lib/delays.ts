/** Timings the product fixes (product.md §7, §9). */
export const redirectDelay = {
  afterLogin: 4000,
  afterRegister: 4000,
  afterForgot: 3000,
  afterReset: 3000,
  afterInvalidCode: 3000,
} as const;

/** Lesson and sub-lesson uploads (product.md §9). */
export const UPLOAD_TIMEOUT_MS = 300_000;
