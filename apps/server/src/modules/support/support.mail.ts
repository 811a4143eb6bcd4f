import { escapeHtml, layout } from '../mail/mail-templates';
import type { Mail } from '../../lib/mailer';
import { messages } from '../../lib/i18n';

/**
 * An answer to a learner's support request, in the learner's language: the answer's text as
 * typed (escaped in the HTML, its line breaks kept) and a link to their requests.
 */
export function supportAnswerMail(
  firstName: string,
  subject: string,
  answer: string,
  requestsUrl: string,
): Omit<Mail, 'to' | 'attachments'> {
  const title = messages.supportAnswerSubject(subject);
  const lines = [messages.mailHello(firstName), messages.supportAnswerIntro];
  const answerHtml = `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #1d4ed8;white-space:pre-wrap">${escapeHtml(answer)}</blockquote>`;
  const seeAll = messages.supportAnswerSeeAll(requestsUrl);
  return {
    subject: title,
    text: [...lines, answer, seeAll].join('\n\n'),
    html: layout(
      title,
      lines,
      `${answerHtml}<p><a href="${escapeHtml(requestsUrl)}">${escapeHtml(seeAll)}</a></p>`,
    ),
  };
}
