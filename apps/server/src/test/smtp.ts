import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  port: number;
  mails: ParsedMail[];
  /** Waits for a mail to `to` (optionally matching), newest first. */
  waitFor(
    to: string,
    match?: (mail: ParsedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ParsedMail>;
  /** While down, the server refuses every message with a temporary error. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free port that keeps what it receives, parsed. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (down) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('try later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const recipients = (mail: ParsedMail) =>
    [mail.to]
      .flat()
      .flatMap((a) => a?.value ?? [])
      .map((v) => v.address?.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = [...mails]
          .reverse()
          .find((mail) => recipients(mail).includes(to.toLowerCase()) && match(mail));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (received ${mails.length})`);
    },
    setDown(value) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
