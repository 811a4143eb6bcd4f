import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequests, users } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { animatedGif, jpegImage, pngImage } from '../../test/media';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

/**
 * Priority support (issue 34, point 3), over HTTP on the run's database (PGlite or PostgreSQL),
 * with the answers mailed through a real SMTP server.
 */

let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  admin = await createUser(server, { role: 'admin' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

function askForm(subject: string, text: string, screenshot?: { bytes: Buffer; type: string }) {
  const form = new FormData();
  form.append('subject', subject);
  form.append('text', text);
  if (screenshot) {
    form.append(
      'screenshot',
      new Blob([new Uint8Array(screenshot.bytes)], { type: screenshot.type }),
      'screen',
    );
  }
  return form;
}

const ask = (
  user: TestUser,
  subject: string,
  text = 'Please help.',
  screenshot?: { bytes: Buffer; type: string },
) =>
  server.request('POST', '/api/support', {
    token: user.token,
    form: askForm(subject, text, screenshot),
  });

async function premiumLearner(firstName?: string) {
  const learner = await createUser(server, firstName ? { firstName } : {});
  const granted = await server.request('POST', '/api/admin/premium/grant', {
    token: admin.token,
    body: { action: 'grant', userId: learner.id, days: 30, reason: 'support test' },
  });
  expect(granted.status, granted.text).toBe(200);
  return learner;
}

const queue = (pageSize = 100) =>
  server.request('GET', `/api/admin/support?page=1&pageSize=${pageSize}`, { token: admin.token });

describe('the admins’ queue', () => {
  it('lists open requests Premium first, then the longest waiting, with how long each waited', async () => {
    const freeA = await createUser(server);
    const premiumB = await premiumLearner();
    const freeC = await createUser(server);
    const premiumD = await premiumLearner();
    for (const [user, subject] of [
      [freeA, 'A free, first'],
      [premiumB, 'B premium, second'],
      [freeC, 'C free, third'],
      [premiumD, 'D premium, fourth'],
    ] as const) {
      const asked = await ask(user, subject);
      expect(asked.status, asked.text).toBe(201);
    }
    // C has waited three hours (it asked long ago): it goes before A, not before Premium.
    await server.ctx.database.db
      .update(supportRequests)
      .set({ waitingSince: sql`now() - interval '180 minutes'` })
      .where(eq(supportRequests.subject, 'C free, third'));

    const listed = await queue();
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.map((row: { subject: string }) => row.subject)).toEqual([
      'B premium, second',
      'D premium, fourth',
      'C free, third',
      'A free, first',
    ]);
    expect(listed.body.data.map((row: { premium: boolean }) => row.premium)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(listed.body.data[2].waitedMinutes).toBe(180);
    expect(listed.body.data[2].from).toEqual({
      name: `${freeC.firstName} ${freeC.lastName}`,
      email: freeC.email,
    });
    expect(listed.body).toMatchObject({ total: 4, page: 1, pageSize: 100 });

    // Paged: two a page.
    const second = await server.request('GET', '/api/admin/support?page=2&pageSize=2', {
      token: admin.token,
    });
    expect(second.body.data.map((row: { subject: string }) => row.subject)).toEqual([
      'C free, third',
      'A free, first',
    ]);

    // An answered request leaves the queue; reopened, it joins it again at the end of its group.
    const b = listed.body.data[0].id as string;
    expect(
      (
        await server.request('POST', `/api/admin/support/${b}/answers`, {
          token: admin.token,
          body: { text: 'Done.' },
        })
      ).status,
    ).toBe(201);
    expect((await queue()).body.data.map((row: { subject: string }) => row.subject)).toEqual([
      'D premium, fourth',
      'C free, third',
      'A free, first',
    ]);
    const reopened = await server.request('POST', `/api/support/${b}/reopen`, {
      token: premiumB.token,
    });
    expect(reopened.status, reopened.text).toBe(200);
    expect(reopened.body.data.status).toBe('open');
    expect((await queue()).body.data.map((row: { subject: string }) => row.subject)).toEqual([
      'D premium, fourth',
      'B premium, second',
      'C free, third',
      'A free, first',
    ]);
    // Closed by its owner: out of the queue.
    const closed = await server.request('POST', `/api/support/${b}/close`, {
      token: premiumB.token,
    });
    expect(closed.body.data.status).toBe('closed');
    expect((await queue()).body.total).toBe(3);
    await server.ctx.database.db.delete(supportRequests);
  });

  it('is the admins’ alone', async () => {
    const learner = await createUser(server);
    const instructor = await createUser(server, { role: 'instructor' });
    expect(
      (await server.request('GET', '/api/admin/support', { token: learner.token })).body,
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (await server.request('GET', '/api/admin/support', { token: instructor.token })).status,
    ).toBe(403);
    expect((await server.request('GET', '/api/admin/support')).status).toBe(401);
    const asked = await ask(learner, 'Mine');
    const answer = await server.request(
      'POST',
      `/api/admin/support/${asked.body.data.id}/answers`,
      { token: learner.token, body: { text: 'I answer myself' } },
    );
    expect(answer.status).toBe(403);
  });
});

describe('who may read a request', () => {
  it('its owner and admins; anyone else, in any letter case, gets 404', async () => {
    const owner = await createUser(server);
    const other = await createUser(server);
    const instructor = await createUser(server, { role: 'instructor' });
    const asked = await ask(owner, 'My video does not play', 'Since Monday.', {
      bytes: await pngImage(400, 300),
      type: 'image/png',
    });
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body.message).toBe('Your request is sent. We answer by e-mail and here.');
    const id = asked.body.data.id as string;
    expect(asked.body.data).toMatchObject({
      subject: 'My video does not play',
      text: 'Since Monday.',
      status: 'open',
      premium: false,
      hasScreenshot: true,
      answers: [],
    });

    for (const path of [`/api/support/${id}`, `/api/support/${id.toUpperCase()}`]) {
      const mine = await server.request('GET', path, { token: owner.token });
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body.data.subject).toBe('My video does not play');
      expect((await server.request('GET', path, { token: admin.token })).status).toBe(200);
      for (const stranger of [other, instructor]) {
        const refused = await server.request('GET', path, { token: stranger.token });
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({
          error: 'This support request does not exist.',
          code: 'SUPPORT_NOT_FOUND',
        });
      }
      expect((await server.request('GET', path)).status).toBe(401);
    }
    for (const verb of ['close', 'reopen']) {
      const refused = await server.request('POST', `/api/support/${id.toUpperCase()}/${verb}`, {
        token: other.token,
      });
      expect(refused.status).toBe(404);
    }
    expect(
      (await server.request('GET', '/api/support/not-an-id', { token: owner.token })).status,
    ).toBe(404);

    // The screenshot: a WebP for the owner and admins, 404 for anyone else.
    const shot = await server.request('GET', `/api/support/${id}/screenshot`, {
      token: owner.token,
    });
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/webp');
    expect(shot.headers.get('cache-control')).toBe('private, no-store');
    expect(
      (await server.request('GET', `/api/support/${id}/screenshot`, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (
        await server.request('GET', `/api/support/${id.toUpperCase()}/screenshot`, {
          token: other.token,
        })
      ).status,
    ).toBe(404);

    // One's own list holds only one's own requests.
    const others = await server.request('GET', '/api/support/mine', { token: other.token });
    expect(others.body).toEqual({ data: [], total: 0, page: 1, pageSize: 20 });
  });
});

describe('asking', () => {
  it('takes PNG, JPEG and WebP screenshots re-encoded as WebP, kept out of the public files', async () => {
    const learner = await createUser(server);
    const jpeg = await ask(learner, 'JPEG', 'x', { bytes: await jpegImage(), type: 'image/jpeg' });
    expect(jpeg.status, jpeg.text).toBe(201);
    const webp = await sharp(await pngImage(200, 100))
      .webp()
      .toBuffer();
    expect((await ask(learner, 'WebP', 'x', { bytes: webp, type: 'image/webp' })).status).toBe(201);
    const stored = await fetch(`${server.baseUrl}/api/support/${jpeg.body.data.id}/screenshot`, {
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 480]);
    const key = (
      await server.ctx.database.db
        .select({ key: supportRequests.screenshotKey })
        .from(supportRequests)
        .where(eq(supportRequests.id, jpeg.body.data.id))
    )[0]!.key!;
    expect(key).toBe(`support/${jpeg.body.data.id}.webp`);
    expect(await server.ctx.privateFiles.stat(key)).not.toBeNull();
    expect(await server.ctx.files.stat(key)).toBeNull();
  });

  it('refuses other pictures, empty or oversized text, control characters', async () => {
    const learner = await createUser(server);
    const gif = await ask(learner, 'GIF', 'x', { bytes: await animatedGif(), type: 'image/gif' });
    expect(gif.status).toBe(415);
    expect(gif.body.code).toBe('IMAGE_TYPE_NOT_ALLOWED');
    const svg = await ask(learner, 'SVG', 'x', {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
    });
    expect(svg.status).toBe(415);
    const empty = await ask(learner, '   ', 'text');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { subject: 'Please write a subject and your question.' },
    });
    expect((await ask(learner, 'Long', 'x'.repeat(5001))).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { text: 'At most 5000 characters.' },
    });
    expect((await ask(learner, 'Bell\u0007', 'x')).body.code).toBe('VALIDATION_FAILED');
    // Nothing of these was stored.
    expect(
      (await server.request('GET', '/api/support/mine', { token: learner.token })).body.total,
    ).toBe(0);
  });

  it('is rate limited: five new requests an hour per account', async () => {
    const learner = await createUser(server);
    for (let i = 1; i <= 5; i++) {
      expect((await ask(learner, `Try ${i}`)).status).toBe(201);
    }
    const sixth = await ask(learner, 'Try 6');
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('RATE_LIMITED');
    expect(sixth.headers.get('retry-after')).not.toBeNull();
  });
});

describe('answers', () => {
  it('are mailed to the learner in their language, shown safely, and listed with the request', async () => {
    const learner = await createUser(server, { firstName: 'Aline' });
    await server.ctx.database.db
      .update(users)
      .set({ language: 'rw' })
      .where(eq(users.id, learner.id));
    const asked = await ask(learner, 'Icyemezo', 'Sinabona icyemezo cyanjye.');
    const id = asked.body.data.id as string;
    const answered = await server.request(
      'POST',
      `/api/admin/support/${id.toUpperCase()}/answers`,
      {
        token: admin.token,
        body: { text: 'Open <b>My certificates</b>\nthen tap Download.' },
      },
    );
    expect(answered.status, answered.text).toBe(201);
    expect(answered.body.data.status).toBe('answered');
    expect(answered.body.data.answers.map((a: { text: string }) => a.text)).toEqual([
      'Open <b>My certificates</b>\nthen tap Download.',
    ]);

    const mail = await smtp.waitFor(learner.email, (m) => m.subject?.includes('Icyemezo') ?? false);
    expect(mail.subject).toBe('Igisubizo ku cyifuzo cyawe: Icyemezo');
    expect(mail.text).toContain('Ubufasha bwasubije icyifuzo cyawe:');
    expect(mail.text).toContain('Open <b>My certificates</b>\nthen tap Download.');
    expect(mail.text).toContain('http://localhost:5173/dashboard/help');
    expect(mail.html).toContain('Open &lt;b&gt;My certificates&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>My certificates</b>');

    const mine = await server.request('GET', '/api/support/mine?page=1&pageSize=5', {
      token: learner.token,
    });
    expect(mine.body.data[0]).toMatchObject({ id, status: 'answered', subject: 'Icyemezo' });
    expect(mine.body.data[0].answers[0].text).toBe(
      'Open <b>My certificates</b>\nthen tap Download.',
    );

    const unknown = await server.request(
      'POST',
      '/api/admin/support/0190c7a0-0000-7000-8000-000000000000/answers',
      { token: admin.token, body: { text: 'Hello' } },
    );
    expect(unknown.body).toMatchObject({ code: 'SUPPORT_NOT_FOUND' });
    const blank = await server.request('POST', `/api/admin/support/${id}/answers`, {
      token: admin.token,
      body: { text: '  ' },
    });
    expect(blank.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { text: 'Please write an answer.' },
    });
  });
});
