import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { insertCourse } from '../../test/learning-factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';

/**
 * Exclusive webinars (issue 34, point 4), over HTTP on the run's database, reminder mails
 * through a real SMTP server. Time is the job queue's clock (`jobQueue.now`), moved by the tests:
 * no test waits for real hours.
 */

let smtp: TestSmtp;
let server: TestServer;
let admin: TestUser;
let instructor: TestUser;
let otherInstructor: TestUser;
let premium: TestUser;
let free: TestUser;
/** How far the queue's clock is ahead of the real one. */
let ahead = 0;

/** Moves the queue's clock to `at`, and runs what is due. */
async function clockAt(at: string) {
  ahead = new Date(at).getTime() - Date.now();
  await server.ctx.jobs.kick();
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    smtpUrl: smtp.url,
    jobQueue: { now: () => new Date(Date.now() + ahead) },
  });
  admin = await createUser(server, { role: 'admin' });
  instructor = await createUser(server, { role: 'instructor' });
  otherInstructor = await createUser(server, { role: 'instructor' });
  premium = await createUser(server, { firstName: 'Aline' });
  free = await createUser(server, { firstName: 'Bosco' });
  // Ten years of Premium: the clock goes forward past a month.
  const granted = await server.request('POST', '/api/admin/premium/grant', {
    token: admin.token,
    body: { action: 'grant', userId: premium.id, days: 3650, reason: 'webinar test' },
  });
  expect(granted.status, granted.text).toBe(200);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const create = (token: string, body: Record<string, unknown>) =>
  server.request('POST', '/api/webinars', { token, body });

const base = {
  title: 'Budgeting for farmers',
  description: 'Live questions and answers.',
  startsAt: '2031-03-10T18:00',
  durationMinutes: 90,
  joinUrl: 'https://meet.example.org/budget?pwd=1',
};

describe('scheduling', () => {
  it('stores the Kigali start in UTC', async () => {
    const made = await create(admin.token, base);
    expect(made.status, made.text).toBe(201);
    expect(made.body.message).toBe('Webinar scheduled.');
    expect(made.body.data).toMatchObject({
      title: 'Budgeting for farmers',
      startsAt: '2031-03-10T16:00:00.000Z',
      startsAtKigali: '2031-03-10T18:00',
      endsAt: '2031-03-10T17:30:00.000Z',
      durationMinutes: 90,
      course: null,
      canJoin: true,
      canManage: true,
      joinUrl: 'https://meet.example.org/budget?pwd=1',
      recordingUrl: null,
    });
    await server.request('DELETE', `/api/webinars/${made.body.data.id}`, { token: admin.token });
  });

  it('refuses a start in the past or that is no time, links that are not web links, learners', async () => {
    const past = await create(admin.token, { ...base, startsAt: '2020-01-01T10:00' });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { startsAt: 'The start must be in the future.' },
    });
    const noDay = await create(admin.token, { ...base, startsAt: '2031-02-30T10:00' });
    expect(noDay.body.fields).toEqual({ startsAt: 'Give the start as a date and time in Kigali.' });
    const script = await create(admin.token, { ...base, joinUrl: 'javascript:alert(1)' });
    expect(script.body.fields).toEqual({ joinUrl: 'A link starts with https:// or http://.' });
    const long = await create(admin.token, { ...base, durationMinutes: 601 });
    expect(long.body.code).toBe('VALIDATION_FAILED');
    expect((await create(free.token, base)).status).toBe(403);
    expect((await create(premium.token, base)).status).toBe(403);
  });

  it('lets an instructor schedule for their own course only, and change only their own', async () => {
    const own = await insertCourse(server, { ownerId: instructor.id, title: 'Farm finance' });
    const others = await insertCourse(server, { ownerId: otherInstructor.id });
    const forOwn = await create(instructor.token, { ...base, courseId: own.id.toUpperCase() });
    expect(forOwn.status, forOwn.text).toBe(201);
    expect(forOwn.body.data.course).toEqual({ id: own.id, title: 'Farm finance' });
    const forOthers = await create(instructor.token, { ...base, courseId: others.id });
    expect(forOthers.status).toBe(403);
    const unknown = await create(instructor.token, {
      ...base,
      courseId: '0190c7a0-0000-7000-8000-000000000000',
    });
    expect(unknown.body.code).toBe('COURSE_NOT_FOUND');

    const id = forOwn.body.data.id as string;
    const byOther = await server.request('PATCH', `/api/webinars/${id}`, {
      token: otherInstructor.token,
      body: { title: 'Mine now' },
    });
    expect(byOther.status).toBe(403);
    const byAdmin = await server.request('PATCH', `/api/webinars/${id.toUpperCase()}`, {
      token: admin.token,
      body: { title: 'Farm finance, live' },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.data.title).toBe('Farm finance, live');
    expect(
      (await server.request('DELETE', `/api/webinars/${id}`, { token: otherInstructor.token }))
        .status,
    ).toBe(403);
    expect(
      (await server.request('DELETE', `/api/webinars/${id}`, { token: instructor.token })).status,
    ).toBe(200);
    expect(
      (await server.request('GET', `/api/webinars/${id}`, { token: admin.token })).body.code,
    ).toBe('WEBINAR_NOT_FOUND');
  });
});

describe('who gets what', () => {
  it('links and the calendar file for Premium, instructors and admins; the title and time for others', async () => {
    const made = await create(admin.token, { ...base, title: 'Access table' });
    const id = made.body.data.id as string;
    const expected: Array<[string, TestUser, string | null]> = [
      ['premium learner', premium, 'https://meet.example.org/budget?pwd=1'],
      ['free learner', free, null],
      ['instructor', otherInstructor, 'https://meet.example.org/budget?pwd=1'],
      ['admin', admin, 'https://meet.example.org/budget?pwd=1'],
    ];
    for (const [who, user, link] of expected) {
      const listed = await server.request('GET', '/api/webinars?page=1&pageSize=10', {
        token: user.token,
      });
      expect(listed.status, who).toBe(200);
      const row = listed.body.data.find((w: { id: string }) => w.id === id);
      expect(row, who).toMatchObject({
        title: 'Access table',
        startsAt: '2031-03-10T16:00:00.000Z',
        joinUrl: link,
        canJoin: link !== null,
      });
    }
    expect((await server.request('GET', '/api/webinars')).status).toBe(401);

    const ics = await server.request('GET', `/api/webinars/${id}/calendar.ics`, {
      token: premium.token,
    });
    expect(ics.status, ics.text).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(ics.headers.get('content-disposition')).toBe(`attachment; filename="webinar-${id}.ics"`);
    const lines = ics.text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain(`UID:${id}@ishuri`);
    expect(lines).toContain('SUMMARY:Access table');
    expect(lines).toContain('DTSTART:20310310T160000Z');
    expect(lines).toContain('DURATION:PT90M');
    expect(lines).toContain('URL:https://meet.example.org/budget?pwd=1');
    expect(lines).toContain('END:VEVENT');
    expect(ics.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Unfolded, the description carries Kigali's start time.
    expect(ics.text.replace(/\r\n[ \t]/g, '')).toContain(
      'DESCRIPTION:Starts at 18:00\\, Kigali time.\\n\\nLive questions and answers.',
    );
    // Every line within 75 octets (RFC 5545 §3.1).
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const refused = await server.request('GET', `/api/webinars/${id}/calendar.ics`, {
      token: free.token,
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('PREMIUM_REQUIRED');
    expect(
      (
        await server.request('GET', `/api/webinars/${id.toUpperCase()}/calendar.ics`, {
          token: instructor.token,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await server.request(
          'GET',
          '/api/webinars/0190c7a0-0000-7000-8000-000000000000/calendar.ics',
          {
            token: premium.token,
          },
        )
      ).body.code,
    ).toBe('WEBINAR_NOT_FOUND');
    await server.request('DELETE', `/api/webinars/${id}`, { token: admin.token });
  });

  it('keeps text as typed: a description cannot add calendar lines', async () => {
    const made = await create(admin.token, {
      ...base,
      title: 'Injection; test, here',
      description: 'Line one\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Fake',
    });
    const ics = await server.request('GET', `/api/webinars/${made.body.data.id}/calendar.ics`, {
      token: premium.token,
    });
    const lines = ics.text.split('\r\n');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('SUMMARY:Injection\\; test\\, here');
    expect(lines).not.toContain('SUMMARY:Fake');
    await server.request('DELETE', `/api/webinars/${made.body.data.id}`, { token: admin.token });
  });
});

async function remindersOf(webinarId: string) {
  return server.ctx.database.db
    .select({ runAt: jobs.runAt, status: jobs.status })
    .from(jobs)
    .where(
      and(eq(jobs.type, 'webinar-reminder'), sql`${jobs.payload}->>'webinarId' = ${webinarId}`),
    )
    .orderBy(jobs.runAt);
}

const mailsWith = (subject: string) => smtp.mails.filter((mail) => mail.subject === subject);

describe('reminders (the clock moves last: these run after the others)', () => {
  it('go a day and an hour before, once each, to Premium learners who want them', async () => {
    const quiet = await createUser(server, { firstName: 'Quiet' });
    await server.request('POST', '/api/admin/premium/grant', {
      token: admin.token,
      body: { action: 'grant', userId: quiet.id, days: 3650, reason: 'webinar test' },
    });
    expect(
      (
        await server.request('PUT', '/api/webinars/reminders', {
          token: quiet.token,
          body: { enabled: false },
        })
      ).body.data,
    ).toEqual({ enabled: false });
    await server.ctx.database.db
      .update(users)
      .set({ language: 'fr' })
      .where(eq(users.id, premium.id));

    const made = await create(admin.token, {
      ...base,
      title: 'Reminder one',
      startsAt: '2031-05-20T09:30',
    });
    const id = made.body.data.id as string;
    expect((await remindersOf(id)).map((job) => [job.runAt.toISOString(), job.status])).toEqual([
      ['2031-05-19T07:30:00.000Z', 'pending'],
      ['2031-05-20T06:30:00.000Z', 'pending'],
    ]);

    // A minute before the day-before reminder: nothing yet.
    await clockAt('2031-05-19T07:29:00.000Z');
    expect(mailsWith('Demain : Reminder one')).toHaveLength(0);
    await clockAt('2031-05-19T07:31:00.000Z');
    const day = await smtp.waitFor(premium.email, (m) => m.subject === 'Demain : Reminder one');
    expect(day.text).toContain(
      'Le webinaire « Reminder one » commence le 20 mai 2031 à 09:30 (heure de Kigali).',
    );
    expect(day.text).toContain('Rejoindre : https://meet.example.org/budget?pwd=1');
    await clockAt('2031-05-19T09:00:00.000Z');
    expect(mailsWith('Demain : Reminder one')).toHaveLength(1);

    await clockAt('2031-05-20T06:31:00.000Z');
    await smtp.waitFor(premium.email, (m) => m.subject === 'Dans une heure : Reminder one');
    await clockAt('2031-05-20T07:00:00.000Z');
    expect(mailsWith('Dans une heure : Reminder one')).toHaveLength(1);
    // Only to the Premium learner who wants them: not the free one, not the one who said no.
    const to = (subject: string) =>
      smtp.mails
        .filter((mail) => mail.subject === subject || mail.subject?.endsWith(': Reminder one'))
        .flatMap((mail) => [mail.to].flat().flatMap((a) => a?.value ?? []))
        .map((v) => v.address);
    expect(to('Demain : Reminder one')).toEqual([premium.email, premium.email]);

    // Afterwards: the join link is gone, the recording is there for Premium only.
    await clockAt('2031-05-20T12:00:00.000Z');
    await server.request('PATCH', `/api/webinars/${id}`, {
      token: admin.token,
      body: { recordingUrl: 'https://video.example.org/rec/1' },
    });
    const pastFor = async (user: TestUser) =>
      (
        await server.request('GET', '/api/webinars?when=past', { token: user.token })
      ).body.data.find((w: { id: string }) => w.id === id);
    expect(await pastFor(premium)).toMatchObject({
      joinUrl: null,
      recordingUrl: 'https://video.example.org/rec/1',
    });
    expect(await pastFor(free)).toMatchObject({ joinUrl: null, recordingUrl: null });
  });

  it('move with a new start, and a cancelled webinar sends none', async () => {
    const moved = await create(admin.token, {
      ...base,
      title: 'Moved one',
      startsAt: '2031-07-01T10:00',
    });
    const cancelled = await create(admin.token, {
      ...base,
      title: 'Cancelled one',
      startsAt: '2031-07-01T10:00',
    });
    const patched = await server.request('PATCH', `/api/webinars/${moved.body.data.id}`, {
      token: admin.token,
      body: { startsAt: '2031-07-03T10:00' },
    });
    expect(patched.body.data.startsAt).toBe('2031-07-03T08:00:00.000Z');
    expect(
      (await remindersOf(moved.body.data.id)).map((job) => [job.runAt.toISOString(), job.status]),
    ).toEqual([
      ['2031-07-02T08:00:00.000Z', 'pending'],
      ['2031-07-03T07:00:00.000Z', 'pending'],
    ]);
    expect(
      (
        await server.request('DELETE', `/api/webinars/${cancelled.body.data.id}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(200);
    expect(await remindersOf(cancelled.body.data.id)).toEqual([]);

    // Past the old start's reminders: nothing for either.
    await clockAt('2031-07-01T09:30:00.000Z');
    expect(mailsWith('Demain : Moved one')).toHaveLength(0);
    expect(mailsWith('Demain : Cancelled one')).toHaveLength(0);
    expect(mailsWith('Dans une heure : Cancelled one')).toHaveLength(0);
    // The new start's day-before reminder goes.
    await clockAt('2031-07-02T08:01:00.000Z');
    await smtp.waitFor(premium.email, (m) => m.subject === 'Demain : Moved one');
    expect(mailsWith('Demain : Moved one')).toHaveLength(1);
  });
});
