import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

/** Dates in tables and cards, like "Mar 5th 26" (product.md §9). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM Do YY') : '';
}

/** Titles and messages in the dashboard tables: 20 characters, then an ellipsis (product.md §9). */
export function truncate(text: string, length = 20): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
