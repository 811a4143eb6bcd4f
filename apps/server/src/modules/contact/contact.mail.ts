import { messages } from '../../lib/i18n';
import type { Mail } from '../../lib/mailer';
import { escapeHtml, layout } from '../mail/mail-templates';

type Template = Omit<Mail, 'to'>;

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

/** The notice an admin receives for a new contact message; every field the sender typed is escaped. */
export function contactNoticeMail(
  message: {
    id: string;
    fullName: string;
    email: string;
    phone: string;
    subject: string;
    message: string;
  },
  appUrl: string,
): Template {
  const subject = messages.contactMailSubject(oneLine(message.subject).slice(0, 120));
  const link = `${appUrl}/dashboard/contact/${message.id}`;
  const details = [
    messages.contactMailFrom(message.fullName, message.email),
    ...(message.phone ? [messages.contactMailPhone(message.phone)] : []),
    messages.contactMailSubjectLine(message.subject),
  ];
  const text = [
    messages.contactMailIntro,
    details.join('\n'),
    message.message,
    messages.contactMailOpen(link),
  ].join('\n\n');
  const html = layout(
    subject,
    [messages.contactMailIntro, ...details],
    `<blockquote style="white-space:pre-wrap;border-left:4px solid #1d4ed8;margin:16px 0;padding:8px 16px;background:#f3f4f6">${escapeHtml(message.message)}</blockquote>
<p><a href="${escapeHtml(link)}">${escapeHtml(messages.contactMailOpenLink)}</a></p>`,
  );
  return { subject, text, html };
}
