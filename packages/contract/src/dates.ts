/**
 * The one date formatter of the product (web and certificate PDF alike): the table form of
 * product.md §9 ("Nov 23rd 26") in tables, and the long form ("23 November 2026": day, month,
 * year, as dates are read in Rwanda) everywhere else. Local time unless `timeZone` is given.
 */
export type DateStyle = 'table' | 'long';

const longFormats = new Map<string, Intl.DateTimeFormat>();
const shortMonths = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  key: string,
  make: () => Intl.DateTimeFormat,
) {
  let format = cache.get(key);
  if (!format) cache.set(key, (format = make()));
  return format;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

function partsOf(date: Date, timeZone: string | undefined) {
  const format = cached(
    longFormats,
    `parts:${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'numeric',
        year: 'numeric',
        timeZone,
      }),
  );
  const parts = Object.fromEntries(
    format.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return { day: Number(parts.day), year: Number(parts.year) };
}

/** `value` as text in `style`; '' for nothing or a value that is not a date. */
export function formatDate(
  value: string | Date | null | undefined,
  style: DateStyle,
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (style === 'long') {
    return cached(
      longFormats,
      `long:${timeZone ?? ''}`,
      () =>
        new Intl.DateTimeFormat('en-GB', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone,
        }),
    ).format(date);
  }
  const month = cached(
    shortMonths,
    timeZone ?? '',
    () => new Intl.DateTimeFormat('en-US', { month: 'short', timeZone }),
  ).format(date);
  const { day, year } = partsOf(date, timeZone);
  return `${month} ${ordinal(day)} ${String(year % 100).padStart(2, '0')}`;
}
