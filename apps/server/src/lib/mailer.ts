import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
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
}

export function createMailer(options: MailerOptions): Mailer {
  const print = options.print ?? ((line: string) => console.log(line));
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
          replyTo: mail.replyTo,
          headers: mail.headers,
        });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    mode: 'file',
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        replyTo: mail.replyTo,
        headers: mail.headers,
      });
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
