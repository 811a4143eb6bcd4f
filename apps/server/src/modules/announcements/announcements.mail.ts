import type { AppContext } from '../../context';
import { messages } from '../../lib/i18n';
import { escapeHtml, layout } from '../mail/mail-templates';

/** An announcement's mail, in the reader's language; the text as typed, escaped in HTML. */
export function announcementMail(
  ctx: AppContext,
  input: { firstName: string; title: string; text: string; courseTitle: string | null },
) {
  const subject = messages.announcementMailSubject(input.title);
  const settings = `${ctx.config.appUrl}/dashboard/settings`;
  const from =
    input.courseTitle === null
      ? messages.announcementMailEveryone
      : messages.announcementMailCourse(input.courseTitle);
  const lines = [messages.mailHello(input.firstName), from, input.title];
  return {
    subject,
    text: [...lines, input.text, messages.announcementMailStop(settings)].join('\n\n'),
    html: layout(
      subject,
      lines,
      `<div style="white-space:pre-wrap">${escapeHtml(input.text)}</div>
<p style="color:#4b5563;font-size:13px">${escapeHtml(messages.announcementMailStop(settings))}</p>`,
    ),
  };
}
