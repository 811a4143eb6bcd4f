/** A text link inside a table or a card. */
export const linkClass =
  'font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline';

/** A small coloured label (course type, role, status). */
export const badgeClass =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize';
