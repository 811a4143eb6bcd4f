import { piecesOf } from '@ishuri/contract';
import { currentLanguage, messages } from '../../lib/i18n';
import type { Mail } from '../../lib/mailer';

const PRODUCT = 'Ishuri';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A catalogue sentence with marked parts ("<reset>change your password</reset>") as HTML: each
 * part a link to its address, everything escaped.
 */
export function linkedHtml(sentence: string, links: Record<string, string>): string {
  return piecesOf(sentence)
    .map((piece) =>
      typeof piece === 'string'
        ? escapeHtml(piece)
        : links[piece.tag]
          ? `<a href="${escapeHtml(links[piece.tag]!)}">${escapeHtml(piece.text)}</a>`
          : escapeHtml(piece.text),
    )
    .join('');
}

/** Wraps paragraphs of plain text in the product's simple HTML frame. */
export function layout(title: string, paragraphs: string[], extraHtml = ''): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html lang="${currentLanguage()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:16px;font-size:16px;line-height:1.5;overflow-wrap:anywhere;word-break:break-word">
<h1 style="color:#1d4ed8;font-size:22px">${PRODUCT}</h1>
${body}
${extraHtml}
<p style="color:#6b7280;font-size:12px">${escapeHtml(messages.mailFooter)}</p>
</body></html>`;
}

type Template = Omit<Mail, 'to'>;

export function loginCodeMail(firstName: string, code: string, email: string): Template {
  const subject = messages.signinCodeSubject(code);
  const lines = [
    messages.mailHello(firstName),
    messages.signinCodeBody(code),
    messages.signinCodeIgnore,
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines),
    consoleHint: `sign-in code for ${email}: ${code}`,
  };
}

/** A mail whose point is one link: a greeting and an intro, the link, and a closing line. */
export function linkMail(
  subject: string,
  intro: [greeting: string, text: string],
  link: string,
  after: string,
  consoleHint: string,
): Template {
  return {
    subject,
    text: [...intro, link, after].join('\n\n'),
    html: layout(
      subject,
      intro,
      `<p><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p><p>${escapeHtml(after)}</p>`,
    ),
    consoleHint,
  };
}

export function resetLinkMail(firstName: string, link: string, email: string): Template {
  const consoleHint = `password reset link for ${email}: ${link}`;
  return linkMail(
    messages.resetLinkSubject,
    [messages.mailHello(firstName), messages.resetLinkBody],
    link,
    messages.resetLinkIgnore,
    consoleHint,
  );
}
