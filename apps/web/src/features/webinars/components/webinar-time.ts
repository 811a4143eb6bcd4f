import { formatDate } from '@ishuri/contract';
import type { Language } from '@ishuri/contract';

/**
 * A webinar's start in the reader's own time zone (the browser's), with the zone's short name:
 * "10 March 2031 · 18:00 GMT+2". Kinyarwanda's time is written as Rwanda writes it (24 h).
 */
export function readerTime(value: string, language: Language): string {
  const date = formatDate(value, 'long', undefined, language);
  const time = new Intl.DateTimeFormat(language === 'rw' ? 'en-GB' : language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(value));
  return `${date} · ${time}`;
}
