import { messages } from '../../lib/i18n';
import type { Mail } from '../../lib/mailer';
import { layout, linkedHtml, linkMail } from '../mail/mail-templates';

type Template = Omit<Mail, 'to'>;

/**
 * To the new address: the link that makes it the account's e-mail (valid 24 hours, once). That
 * address is not yet known to be the requester's: the mail holds no text of theirs (no name),
 * only the catalogue's sentences, the link and the recipient's own address (issue 29, point 5).
 */
export function confirmEmailChangeMail(link: string, email: string): Template {
  const consoleHint = `e-mail change link for ${email}: ${link}`;
  return linkMail(
    messages.emailChangeSubject,
    [messages.mailHelloAnyone, messages.emailChangeBody(email)],
    link,
    messages.emailChangeIgnore,
    consoleHint,
  );
}

/** To the old address: a change was asked for (it takes effect only once confirmed). */
export function emailChangeNoticeMail(
  firstName: string,
  newEmail: string,
  appUrl: string,
): Template {
  const subject = messages.emailNoticeSubject;
  const lines = [
    messages.mailHello(firstName),
    messages.emailNoticeBody(newEmail),
    messages.emailNoticeNotYou(`${appUrl}/forgotPassword`, `${appUrl}/contact`),
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(
      subject,
      lines.slice(0, 2),
      `<p>${linkedHtml(messages.emailNoticeNotYouLinks, {
        reset: `${appUrl}/forgotPassword`,
        contact: `${appUrl}/contact`,
      })}</p>`,
    ),
  };
}
