import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv } from './env';
import type { CapturedMail } from './smtp-capture';

export type { CapturedMail };

export interface WaitForMailOptions {
  /** Only mails received at or after this instant (ms), e.g. `Date.now()` before the action. */
  since?: number;
  /** Only mails for which this answers true (subject, text…). */
  match?: (mail: CapturedMail) => boolean;
  timeoutMs?: number;
}

function readMails(): CapturedMail[] {
  const dir = e2eEnv.mailDir;
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CapturedMail);
}

/** Waits for the newest mail to `to` (that matches), as captured by the test SMTP server. */
export async function waitForMail(
  to: string,
  options: WaitForMailOptions = {},
): Promise<CapturedMail> {
  const { since = 0, match = () => true, timeoutMs = 15_000 } = options;
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  for (;;) {
    const found = readMails()
      .reverse()
      .find((mail) => mail.to.includes(address) && mail.receivedAt >= since && match(mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit sign-in code of a code mail. */
export function codeFrom(mail: CapturedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no sign-in code in mail "${mail.subject}"`);
  return code;
}

/** The reset link of a reset mail. */
export function resetLinkFrom(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/resetpassword\/[\w-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in mail "${mail.subject}"`);
  return link;
}

/** The sign-in code's mail, in any language: its subject ends with the code (`…: 123456`). */
export const isCodeMail = (mail: CapturedMail) => /:\s?\d{6}$/.test(mail.subject);
export const isResetMail = (mail: CapturedMail) => /reset/i.test(mail.subject);
