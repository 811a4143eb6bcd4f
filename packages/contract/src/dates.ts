import type { Language } from './languages';

/**
 * The one date formatter of the product (web and certificate PDF alike): the table form of
 * product.md §9 ("Nov 23rd 26") in tables, and the long form ("23 November 2026": day, month,
 * year, as dates are read in Rwanda) everywhere else. Local time unless `timeZone` is given.
 * In another language both forms are that language's own (`Intl`): "26 nov. 26" and
 * "26 novembre 2026" in French, "26 ugu. 26" and "26 Ugushyingo 2026" in Kinyarwanda.
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

/** Kinyarwanda's months, whole and short (CLDR's names). */
const kinyarwandaMonths = [
  ['Mutarama', 'mut.'],
  ['Gashyantare', 'gas.'],
  ['Werurwe', 'wer.'],
  ['Mata', 'mat.'],
  ['Gicurasi', 'gic.'],
  ['Kamena', 'kam.'],
  ['Nyakanga', 'nya.'],
  ['Kanama', 'kan.'],
  ['Nzeri', 'nze.'],
  ['Ukwakira', 'ukw.'],
  ['Ugushyingo', 'ugu.'],
  ['Ukuboza', 'uku.'],
] as const;

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
  return { day: Number(parts.day), month: Number(parts.month), year: Number(parts.year) };
}

/** `value` as text in `style`; '' for nothing or a value that is not a date. */
export function formatDate(
  value: string | Date | null | undefined,
  style: DateStyle,
  timeZone?: string,
  language: Language = 'en',
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  // Kinyarwanda: browsers carry little of its date data (Chromium writes "M11"), and what they
  // have puts the year first; dates are written day, month, year in Rwanda.
  if (language === 'rw') {
    const { day, month, year } = partsOf(date, timeZone);
    const [whole, short] = kinyarwandaMonths[month - 1]!;
    return style === 'long'
      ? `${day} ${whole} ${year}`
      : `${day} ${short} ${String(year % 100).padStart(2, '0')}`;
  }
  if (language !== 'en') {
    const format = cached(
      longFormats,
      `${language}:${style}:${timeZone ?? ''}`,
      () =>
        new Intl.DateTimeFormat(language, {
          day: 'numeric',
          month: style === 'long' ? 'long' : 'short',
          year: style === 'long' ? 'numeric' : '2-digit',
          timeZone,
        }),
    );
    return format.format(date);
  }
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
