import type { Mail } from '../../lib/mailer';
import { escapeHtml, layout } from '../../lib/mail-templates';

type Template = Omit<Mail, 'to'>;

/** Sent once, on the first subscription of an address. */
export function subscribeConfirmationMail(appUrl: string): Template {
  const subject = 'You are subscribed to the Ishuri newsletter';
  const lines = [
    'Hello,',
    'Thank you for subscribing to the Ishuri newsletter. We will write when new courses open, and share study tips and news from our learners in Kigali and beyond.',
    `Explore the free courses while you wait: ${appUrl}/explore-course`,
    `If you did not ask for this, tell us through ${appUrl}/contact and we will remove your address.`,
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(
      subject,
      lines.slice(0, 2),
      `<p><a href="${escapeHtml(`${appUrl}/explore-course`)}">Explore the free courses</a></p>
<p>If you did not ask for this, <a href="${escapeHtml(`${appUrl}/contact`)}">tell us</a> and we will remove your address.</p>`,
    ),
  };
}
