import { formatDate, WEBINAR_TIME_ZONE, zonedWallTime } from '@ishuri/contract';
import { currentLanguage, messages } from '../../lib/i18n';
import { escapeHtml, layout } from '../mail/mail-templates';
import type { Mail } from '../../lib/mailer';
import type { webinars } from '../../db/schema';

type WebinarRow = typeof webinars.$inferSelect;

/** The date and time of the start, Kigali's, in the current language. */
export function kigaliStart(startsAt: Date): { date: string; time: string } {
  return {
    date: formatDate(startsAt, 'long', WEBINAR_TIME_ZONE, currentLanguage()),
    time: zonedWallTime(startsAt).slice(11),
  };
}

/** A day or an hour before a webinar: its title, start (Kigali time) and join link. */
export function webinarReminderMail(
  kind: 'day' | 'hour',
  firstName: string,
  webinar: WebinarRow,
  appUrl: string,
): Omit<Mail, 'to' | 'attachments'> {
  const subject =
    kind === 'day'
      ? messages.webinarReminderDaySubject(webinar.title)
      : messages.webinarReminderHourSubject(webinar.title);
  const { date, time } = kigaliStart(webinar.startsAt);
  const settings = `${appUrl}/dashboard`;
  const lines = [
    messages.mailHello(firstName),
    messages.webinarReminderBody(webinar.title, date, time),
  ];
  const join = messages.webinarReminderJoin(webinar.joinUrl);
  const stop = messages.webinarReminderStop(settings);
  return {
    subject,
    text: [...lines, join, stop].join('\n\n'),
    html: layout(
      subject,
      lines,
      `<p><a href="${escapeHtml(webinar.joinUrl)}">${escapeHtml(messages.webinarJoin)}</a></p><p style="color:#6b7280;font-size:13px">${escapeHtml(stop)}</p>`,
    ),
  };
}
