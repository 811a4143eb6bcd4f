import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One captured mail, as written to the capture folder (one JSON file per mail). */
export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** When the capture server received it (ms since the epoch). */
  receivedAt: number;
}

export interface SmtpCapture {
  url: string;
  close(): Promise<void>;
}

/** Recipients whose first delivery is refused for good (550), as a mailbox that bounces. */
export const BOUNCE_ONCE_PREFIX = 'bounce-once-';

/**
 * A real SMTP server on a free local port that writes every mail it receives to `dir` as JSON,
 * so that test workers (other processes) can read them with `waitForMail`. The first mail to an
 * address starting with BOUNCE_ONCE_PREFIX is refused with a permanent error; later ones arrive.
 */
export async function startSmtpCapture(dir: string): Promise<SmtpCapture> {
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const bounced = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.startsWith(BOUNCE_ONCE_PREFIX) && !bounced.has(to)) {
        bounced.add(to);
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to]
            .flat()
            .flatMap((address) => address?.value ?? [])
            .map((value) => value.address?.toLowerCase() ?? '')
            .filter(Boolean);
          const mail: CapturedMail = {
            to,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          };
          sequence += 1;
          const name = `${String(mail.receivedAt).padStart(15, '0')}-${String(sequence).padStart(6, '0')}.json`;
          // Written then renamed, so that a reader never sees half a file.
          const temporary = path.join(dir, `.${name}.tmp`);
          writeFileSync(temporary, JSON.stringify(mail));
          renameSync(temporary, path.join(dir, name));
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
