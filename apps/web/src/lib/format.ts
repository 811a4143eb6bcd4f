import { formatDate, formatSize } from '@ishuri/contract';
import { currentLanguage } from './language';

/**
 * Dates in table cells, like "Mar 5th 26" (product.md §9), in the reader's time zone and language.
 */
export const tableDate = (value: string | Date | null | undefined) =>
  formatDate(value, 'table', undefined, currentLanguage());

/** Dates in running text, cards and detail lists, like "5 March 2026". */
export const longDate = (value: string | Date | null | undefined) =>
  formatDate(value, 'long', undefined, currentLanguage());

/** Sizes of files and storage, like "4.1 MB" ("4,1 Mo" in French). */
export const fileSize = (bytes: number) => formatSize(bytes, currentLanguage());

/** Titles and messages in the dashboard tables: 20 characters, then an ellipsis (product.md §9). */
export function truncate(text: string, length = 20): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
