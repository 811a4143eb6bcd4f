import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { emailPattern, MAX_EMAIL_LENGTH } from '@ishuri/contract';
import { uuidv7 } from './ids';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Where a reply goes, when not to the sender (e.g. the author of a contact message). */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter mail (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Printed to the console when mail goes to files (no SMTP_URL), so that a first-time user can
   * sign in without a mail server. Never printed when real SMTP is configured.
   */
  consoleHint?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'file';
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where `.eml` files go when there is no SMTP server. */
  mailDir: string;
  print?: (line: string) => void;
  /** Connection and greeting time-out; the socket time-out is three times as long. */
  timeoutMs?: number;
}

/** Time-outs when none is configured: an SMTP server that never answers fails fast. */
export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

/**
 * A permanent answer (5xx, RFC 5321) to this message itself: its sender, recipient or content was
 * refused. Sending it again would be refused again. Connection, greeting and authentication
 * failures are not: they are the server's state, and the queue retries them.
 */
function isRejection(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    typeof command === 'string' &&
    /^(MAIL FROM|RCPT TO|DATA)/i.test(command)
  );
}

/**
 * Mail goes only to an address that passes today's address check (issue 29, point 6): nodemailer
 * would read a stored `x;victim@example.test`, accepted before the check refused `;`, as a list
 * and mail `victim@example.test`. Such an address is refused here for good (`permanent`: the
 * queue gives up at once and logs it, the failed mail is on the admins' list; a sign-in code
 * answers 503). Its account keeps its password and sessions: a signed-in owner or an admin
 * changes the address to a plain one.
 */
function refuseUnsafeRecipient(mail: Mail): void {
  if (mail.to.length <= MAX_EMAIL_LENGTH && emailPattern.test(mail.to)) return;
  throw Object.assign(new Error('mail refused: the recipient address fails the address check'), {
    permanent: true,
  });
}

/** The message nodemailer sends or writes (the console hint stays on this side). */
const messageOf = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  attachments: mail.attachments,
  replyTo: mail.replyTo,
  headers: mail.headers,
});

export function createMailer(options: MailerOptions): Mailer {
  const print = options.print ?? ((line: string) => console.log(line));
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 3,
    });
    return {
      mode: 'smtp',
      async send(mail) {
        refuseUnsafeRecipient(mail);
        try {
          await transport.sendMail(messageOf(options.from, mail));
        } catch (error) {
          // nodemailer marks every 5xx permanent, a refused login too; the queue should give up
          // only on a refusal of this message.
          if (error && typeof error === 'object') {
            Object.assign(error, { permanent: isRejection(error) });
          }
          throw error;
        }
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    mode: 'file',
    async send(mail) {
      refuseUnsafeRecipient(mail);
      const info = await transport.sendMail(messageOf(options.from, mail));
      await mkdir(options.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.mailDir, `${stamp}-${uuidv7().slice(-12)}.eml`);
      await writeFile(file, info.message as Buffer);
      print(`[mail] to ${mail.to}: "${mail.subject}" saved as ${file}`);
      if (mail.consoleHint) print(`[mail] ${mail.consoleHint}`);
    },
    close: () => transport.close(),
  };
}
