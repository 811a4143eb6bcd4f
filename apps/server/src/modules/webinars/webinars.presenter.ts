import { createEvent } from 'ics';
import { messages } from '../../lib/i18n';
import type { webinars } from '../../db/schema';
import { kigaliStart } from './webinars.mail';

type WebinarRow = typeof webinars.$inferSelect;

/**
 * The webinar as an iCalendar object (RFC 5545), written by the `ics` library: one VEVENT, its
 * start in UTC (`DTSTART:…Z`), its duration, the join link, and Kigali's start time in the
 * description. Its UID is stable, and its SEQUENCE grows with each change, so that a calendar
 * that imported it takes a new version as an update.
 */
export function webinarCalendar(row: WebinarRow): string {
  const { time } = kigaliStart(row.startsAt);
  const description = [messages.webinarCalendarStart(time), row.description, row.joinUrl]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
  const { error, value } = createEvent({
    productId: 'ishuri/webinars',
    uid: `${row.id}@ishuri`,
    sequence: Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000)),
    start: row.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: row.durationMinutes },
    title: row.title,
    description,
    url: row.joinUrl,
    location: row.joinUrl,
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('calendar file not written');
  return value;
}
