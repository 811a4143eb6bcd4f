import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
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
  /** While refusing, nothing listens on the port: connections are refused. */
  setRefusing(refusing: boolean): Promise<void>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port that keeps what it receives, parsed. */
export async function startSmtp(
  options: {
    /** Recipients refused with a permanent error (550) at RCPT TO. */
    rejects?: (address: string) => boolean;
  } = {},
): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  let down = false;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.rejects?.(address.address.toLowerCase())) {
          callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
          return;
        }
        callback();
      },
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
  const first = make();
  let server: SMTPServer | null = first;
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  const port = (first.server.address() as AddressInfo).port;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (current) current.close(() => resolve());
      else resolve();
    });
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
    async setRefusing(refusing) {
      if (refusing) return closeServer();
      if (server) return;
      const next = make();
      await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
      server = next;
    },
    close: closeServer,
  };
}

/**
 * A server that accepts TCP connections and never says a word: an SMTP server that hangs.
 * Counts the connections it accepted.
 */
export async function startSilentSmtp(): Promise<{
  url: string;
  connections: () => number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
