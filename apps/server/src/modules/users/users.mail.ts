import type { Mail } from '../../lib/mailer';
import { escapeHtml, layout, linkMail } from '../../lib/mail-templates';

type Template = Omit<Mail, 'to'>;

const PRODUCT = 'Ishuri';

/** To the new address: the link that makes it the account's e-mail (valid 24 hours, once). */
export function confirmEmailChangeMail(firstName: string, link: string, email: string): Template {
  return linkMail(
    `Confirm your new ${PRODUCT} e-mail address`,
    [
      `Hello ${firstName},`,
      `You asked to use ${email} for your ${PRODUCT} account. Open this link to confirm it (valid for 24 hours, once):`,
    ],
    link,
    'Until you do, your account keeps its current e-mail. If you did not ask for this, ignore this e-mail.',
    `e-mail change link for ${email}: ${link}`,
  );
}

/** To the old address: a change was asked for (it takes effect only once confirmed). */
export function emailChangeNoticeMail(
  firstName: string,
  newEmail: string,
  appUrl: string,
): Template {
  const subject = `Your ${PRODUCT} e-mail address is being changed`;
  const lines = [
    `Hello ${firstName},`,
    `Someone asked to change the e-mail of your ${PRODUCT} account to ${newEmail}. The change takes effect once that address opens the link we sent to it.`,
    `If it was not you, change your password at once (${appUrl}/forgotPassword) and tell us through ${appUrl}/contact.`,
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(
      subject,
      lines.slice(0, 2),
      `<p>If it was not you, <a href="${escapeHtml(`${appUrl}/forgotPassword`)}">change your password</a> at once and <a href="${escapeHtml(`${appUrl}/contact`)}">tell us</a>.</p>`,
    ),
  };
}
