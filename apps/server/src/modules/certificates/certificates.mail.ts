import { messages } from '../../lib/i18n';
import { escapeHtml, layout } from '../mail/mail-templates';
import type { Mail } from '../../lib/mailer';

export interface CertificateMailInput {
  firstName: string;
  courseTitle: string;
  certificateCode: string;
  verifyUrl: string;
}

/**
 * The mail that carries a new certificate (its PDF is attached by the caller). It says what is
 * true of itself: the certificate is attached (not "sent to your email", the completion toast's
 * words).
 */
export function certificateMail(input: CertificateMailInput): Omit<Mail, 'to' | 'attachments'> {
  const subject = messages.certificateMailSubject(input.courseTitle);
  const lines = [
    messages.certificateMailGreeting(input.firstName),
    messages.certificateMailCongratulations,
    messages.certificateMailAttached(input.courseTitle),
    messages.certificateCodeLine(input.certificateCode),
    messages.certificateVerifyAt(input.verifyUrl),
  ];
  const link = escapeHtml(input.verifyUrl);
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(
      subject,
      lines.slice(0, 4),
      `<p><a href="${link}">${escapeHtml(lines[4]!)}</a></p>`,
    ),
  };
}
