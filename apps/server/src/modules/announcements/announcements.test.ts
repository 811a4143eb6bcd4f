import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementOptOuts, announcements, jobs, users } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { startTestServer } from '../../test/server';
import type { ApiResponse, TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import { ANNOUNCEMENT_MAIL_JOB, mailAnnouncementPage } from './announcements.service';
import type { TestSmtp } from '../../test/smtp';

/**
 * Announcements (issue 34, point 5): an instructor to a course's learners, an admin to everyone;
 * mailed (real SMTP) to those who want it, on the database of the run.
 */

let smtp: TestSmtp;
let server: TestServer;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let course: TestCourse;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  [owner, other, admin] = await Promise.all([
    createUser(server, { role: 'instructor', firstName: 'Olivier' }),
    createUser(server, { role: 'instructor' }),
    createUser(server, { role: 'admin' }),
  ]);
  course = await createCourseWithItems(server, [0], {
    courseType: 'premium',
    ownerId: owner.id,
    title: 'Kinyarwanda for beginners',
  });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (method: string, url: string, user: TestUser | null, body?: unknown) =>
  server.request(method, url, {
    token: user?.token,
    ...(body !== undefined ? { body } : {}),
  }) as Promise<ApiResponse<any>>;

const mailsTo = (email: string) =>
  smtp.mails.filter((mail) =>
    [mail.to].flat().some((to) => to?.value.some((v) => v.address === email.toLowerCase())),
  );

/** Waits until no announcement or mail job is left to run. */
async function settled() {
  for (let i = 0; i < 400; i++) {
    const pending = await server.ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending')));
    const running = await server.ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.status, 'running'));
    if (pending.length + running.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('jobs did not settle');
}

describe('announcements', () => {
  it("a course's: mailed to its enrolled learners who want it, in their language; shown on the dashboard", async () => {
    const [keen, french, quiet, outsider] = await Promise.all([
      createUser(server, { firstName: 'Keen' }),
      createUser(server, { firstName: 'Amélie' }),
      createUser(server, { firstName: 'Quiet' }),
      createUser(server, { firstName: 'Outsider' }),
    ]);
    for (const learner of [keen, french, quiet]) await enrol(server, learner.id, course.id);
    await server.ctx.database.db
      .update(users)
      .set({ language: 'fr' })
      .where(eq(users.id, french.id));
    expect((await call('GET', '/api/announcements/preference', quiet)).body.data).toEqual({
      mail: true,
    });
    const off = await call('PUT', '/api/announcements/preference', quiet, { mail: false });
    expect(off.body.data).toEqual({ mail: false });

    const posted = await call('POST', `/api/course/${course.id}/announcements`, owner, {
      title: 'Live class on Friday',
      text: 'Join us at 18:00. <b>Bring</b> questions.',
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.message).toBe('Announcement posted.');
    expect(posted.body.data).toMatchObject({
      courseId: course.id,
      courseTitle: 'Kinyarwanda for beginners',
      title: 'Live class on Friday',
      text: 'Join us at 18:00. <b>Bring</b> questions.',
      authorName: `Olivier ${owner.lastName}`,
    });

    const english = await smtp.waitFor(keen.email);
    expect(english.subject).toBe('Announcement: Live class on Friday');
    expect(english.text).toContain('An announcement of the course “Kinyarwanda for beginners”:');
    expect(english.text).toContain('Join us at 18:00. <b>Bring</b> questions.');
    expect(english.html).toContain('Join us at 18:00. &lt;b&gt;Bring&lt;/b&gt; questions.');
    const inFrench = await smtp.waitFor(french.email);
    expect(inFrench.subject).toBe('Annonce : Live class on Friday');
    await settled();
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(mailsTo(outsider.email)).toHaveLength(0);
    expect(mailsTo(owner.email)).toHaveLength(0);

    const dashboard = await call('GET', '/api/announcements/mine?page=1', keen);
    expect(dashboard.body.data.map((a: any) => a.title)).toContain('Live class on Friday');
    const notMine = await call('GET', '/api/announcements/mine?page=1', outsider);
    expect(notMine.body.data.map((a: any) => a.title)).not.toContain('Live class on Friday');
    const onCourse = await call('GET', `/api/course/${course.id}/announcements?page=1`, keen);
    expect(onCourse.body).toMatchObject({ total: 1, page: 1 });
    const refused = await call('GET', `/api/course/${course.id}/announcements`, outsider);
    expect(refused.status).toBe(403);
  });

  it('only the course’s instructor and admins announce to a course; only admins to everyone', async () => {
    const learner = await createUser(server);
    const body = { title: 'Hello', text: 'Hi.' };
    const statuses = [];
    for (const user of [null, learner, other, owner, admin]) {
      statuses.push(
        (await call('POST', `/api/course/${course.id}/announcements`, user, body)).status,
      );
    }
    expect(statuses).toEqual([401, 403, 403, 201, 201]);
    const toAll = [];
    for (const user of [null, learner, owner, admin]) {
      toAll.push((await call('POST', '/api/announcements', user, body)).status);
    }
    expect(toAll).toEqual([401, 403, 403, 201]);
    const tooLong = await call('POST', '/api/announcements', admin, {
      title: 'x'.repeat(151),
      text: 'Hi.',
    });
    expect([tooLong.status, tooLong.body.fields]).toEqual([
      400,
      { title: 'At most 150 characters.' },
    ]);
  });

  it('an admin’s reaches every account that wants it, its author excepted', async () => {
    await settled();
    const everyone = await server.ctx.database.db.select({ email: users.email }).from(users);
    const before = new Map(everyone.map((u) => [u.email, mailsTo(u.email).length]));
    const fresh = await createUser(server, { firstName: 'Newcomer' });
    const posted = await call('POST', '/api/announcements', admin, {
      title: 'New courses this month',
      text: 'Three new courses are open.',
    });
    expect(posted.status, posted.text).toBe(201);
    const mail = await smtp.waitFor(fresh.email);
    expect(mail.text).toContain('An announcement from Ishuri:');
    await settled();
    const quietOnes = await server.ctx.database.db
      .select({ email: users.email })
      .from(users)
      .innerJoin(announcementOptOuts, eq(announcementOptOuts.userId, users.id));
    for (const { email } of everyone) {
      const got = mailsTo(email).length - before.get(email)!;
      const wanted = email === admin.email || quietOnes.some((q) => q.email === email) ? 0 : 1;
      expect([email, got]).toEqual([email, wanted]);
    }
  });

  it('sends in pages: each page queues its mails and the job of the next page, after its last id', async () => {
    const admin2 = await createUser(server, { role: 'admin' });
    const posted = await call('POST', '/api/announcements', admin2, {
      title: 'Paged',
      text: 'In pages.',
    });
    await settled();
    const [row] = await server.ctx.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, posted.body.data.id));
    // A page of 2, run again by hand: its mails are already queued (one per recipient, never
    // two), and it writes the next page's job, starting after its second recipient.
    await mailAnnouncementPage(server.ctx, row!.id, null, 2);
    const nextPages = await server.ctx.database.db
      .select({ payload: jobs.payload, dedupeKey: jobs.dedupeKey })
      .from(jobs)
      .where(eq(jobs.type, ANNOUNCEMENT_MAIL_JOB));
    const mine = nextPages.filter((j) => (j.payload as any).announcementId === row!.id);
    const firstTwo = await server.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .leftJoin(announcementOptOuts, eq(announcementOptOuts.userId, users.id))
      .where(and(ne(users.id, admin2.id), isNull(announcementOptOuts.userId)))
      .orderBy(asc(users.id))
      .limit(2);
    expect(mine.map((j) => (j.payload as any).after)).toContain(firstTwo[1]!.id);
    await settled();
    const paged = smtp.mails.filter((m) => m.subject === 'Announcement: Paged');
    const recipients = paged.flatMap((m) =>
      [m.to].flat().flatMap((t) => t!.value.map((v) => v.address)),
    );
    expect(new Set(recipients).size).toBe(recipients.length);
  });
});
