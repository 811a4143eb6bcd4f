import { emailPattern, messages } from '@ishuri/contract';
import addressparser from 'nodemailer/lib/addressparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

/**
 * The address stored is the address mailed (issue 29, point 6): every address the schemas accept
 * is read by nodemailer's address parser as exactly that one address, and the characters that
 * make it read something else are refused.
 */

const accepted = [
  'a@b.co',
  'aline.uwase@example.rw',
  'user+tag@sub.example.test',
  "o'neil@example.test",
  'first_last-1@example.co.rw',
  'a{b}|~^!#$%&*+/=?@x.test',
  'a`b@x.test',
  'josé@example.test',
  'UPPER@EXAMPLE.TEST',
  '123@456.789',
];

const refused = [
  'x;victim@example.test',
  'x,victim@example.test',
  '"x"victim@example.test',
  'x"@example.test',
  'Name <victim@example.test>',
  '<victim@example.test>',
  'x>victim@example.test',
  'x victim@example.test',
  'x\tvictim@example.test',
  'x\nvictim@example.test',
  'x\rvictim@example.test',
  'x\u0000victim@example.test',
  'x\u007fvictim@example.test',
  'x\u0085victim@example.test',
  'x\u00a0victim@example.test',
  'x\u2028victim@example.test',
  'x(comment)victim@example.test',
  'group:victim@example.test',
  'victim@example.test:25',
  'x\\victim@example.test',
  'x[1]victim@example.test',
  'victim@example.test;',
  'victim@example.test,other@example.test',
  'a@b@example.test',
  'a@b',
];

describe('e-mail addresses (issue 29, point 6)', () => {
  it.each(accepted)(
    'accepts %j, which the mail library reads as exactly that address',
    (address) => {
      expect(emailPattern.test(address)).toBe(true);
      expect(addressparser(address)).toEqual([{ address, name: '' }]);
    },
  );

  it.each(refused)('refuses %j', (address) => {
    expect(emailPattern.test(address)).toBe(false);
  });

  it('every address of printable ASCII the pattern accepts is parsed as exactly itself', () => {
    // Every printable ASCII character, in each place of an address around the at sign and dot.
    let checked = 0;
    for (let code = 0x20; code < 0x7f; code++) {
      const c = String.fromCharCode(code);
      for (const address of [`a${c}b@x.test`, `${c}a@x.test`, `a@x${c}y.test`, `a@x.te${c}st`]) {
        if (!emailPattern.test(address)) continue;
        checked += 1;
        expect(addressparser(address), address).toEqual([{ address, name: '' }]);
      }
    }
    // Most of the 95 characters pass in each of the 4 places: the check above ran for them.
    expect(checked).toBeGreaterThan(300);
  });
});

describe('sign-up with a list in the address, and an address stored before the check', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('refuses x;victim@example.test with 400 and the catalogue’s e-mail message', async () => {
    const answer = await server.request('POST', '/api/auth/signup', {
      body: {
        firstName: 'X',
        lastName: 'Y',
        email: 'x;victim@example.test',
        password: 'a-good-password',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(messages.emailInvalid);
    expect(answer.body.fields).toEqual({ email: messages.emailInvalid });
  });

  it('mails nothing to an address stored before the check: the mailer refuses it for good', async () => {
    const mail = { subject: 'Ishuri', text: 'Hello', html: '<p>Hello</p>' };
    await expect(
      server.ctx.mailer.send({ to: 'x;victim@example.test', ...mail }),
    ).rejects.toMatchObject({ permanent: true });
    await server.ctx.mailer.send({ to: 'plain@example.test', ...mail });
    await smtp.waitFor('plain@example.test');
    expect(smtp.mails.map((m) => m.to && [m.to].flat().map((a) => a.text))).toEqual([
      ['plain@example.test'],
    ]);
  });
});
