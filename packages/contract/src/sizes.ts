import type { Language } from './languages';

/** Each language's short names of the units (French writes octets: Ko, Mo, Go). */
const units: Record<Language, readonly [kb: string, mb: string, gb: string]> = {
  en: ['KB', 'MB', 'GB'],
  rw: ['KB', 'MB', 'GB'],
  fr: ['Ko', 'Mo', 'Go'],
  sw: ['KB', 'MB', 'GB'],
};

const numberFormats = new Map<Language, Intl.NumberFormat>();

/**
 * A size in bytes as people read it, in `language`: "820 KB", "4.1 MB", "1.2 GB" (at least 1 KB
 * unless it is nothing: "0 KB"); "4,1 Mo" in French, "4,1 MB" in Kinyarwanda (the language's
 * decimal sign, `Intl`).
 */
export function formatSize(bytes: number, language: Language = 'en'): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    numberFormats.set(language, format);
  }
  const [kb, mb, gb] = units[language];
  const GB = 1024 * 1024 * 1024;
  const MB = 1024 * 1024;
  // One decimal at most, rounded first: 4.06 MB is "4.1 MB".
  const value = (n: number) => format.format(Number(n.toFixed(1)));
  if (bytes >= GB) return `${value(bytes / GB)} ${gb}`;
  if (bytes >= MB) return `${value(bytes / MB)} ${mb}`;
  if (bytes <= 0) return `${format.format(0)} ${kb}`;
  return `${format.format(Math.max(1, Math.round(bytes / 1024)))} ${kb}`;
}

/** A length in seconds as a player shows it: "0:42", "12:05", "1:02:09". */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
