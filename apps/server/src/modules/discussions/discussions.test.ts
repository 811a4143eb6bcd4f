import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionFollows, premiumPasses, users } from '../../db/schema';
import { SETUP_TIMEOUT } from '../../test/content';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { createCourseWithItems, enrol } from '../../test/learning-factories';
import type { TestCourse } from '../../test/learning-factories';
import { startTestServer } from '../../test/server';
import type { ApiResponse, TestServer } from '../../test/server';
import { startSmtp } from '../../test/smtp';
import type { TestSmtp } from '../../test/smtp';
import { sendReplyNotices } from './discussions.mail';

/**
 * Course discussions (issue 34, point 2; decisions.md §10), through HTTP on the database of the
 * run (PGlite or PostgreSQL), with reply mails received by a real SMTP server.
 */

const HOUR = 60 * 60 * 1000;

let smtp: TestSmtp;
let server: TestServer;
let free: TestCourse;
let premium: TestCourse;
const people = {} as Record<
  'learner' | 'enrolled' | 'lapsed' | 'owner' | 'other' | 'admin',
  TestUser
>;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  const [learner, enrolled, lapsed, owner, other, admin] = await Promise.all([
    createUser(server, { firstName: 'Aline' }),
    createUser(server, { firstName: 'Eric' }),
    createUser(server, { firstName: 'Lapsed' }),
    createUser(server, { role: 'instructor', firstName: 'Olivier' }),
    createUser(server, { role: 'instructor', firstName: 'Other' }),
    createUser(server, { role: 'admin', firstName: 'Ada' }),
  ]);
  Object.assign(people, { learner, enrolled, lapsed, owner, other, admin });
  free = await createCourseWithItems(server, [0, 0], { courseType: 'free', ownerId: owner.id });
  premium = await createCourseWithItems(server, [0], {
    courseType: 'premium',
    ownerId: owner.id,
  });
  // Enrolled with access (an enrolment from before passes), and enrolled without a pass.
  await enrol(server, enrolled.id, premium.id);
  await enrol(server, lapsed.id, premium.id, { legacy: false });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const call = (
  method: string,
  url: string,
  user: TestUser | null,
  body?: unknown,
): Promise<ApiResponse<any>> =>
  server.request(method, url, { token: user?.token, ...(body !== undefined ? { body } : {}) });

async function ask(user: TestUser, course: { id: string }, fields: Record<string, unknown> = {}) {
  const response = await call('POST', `/api/course/${course.id}/discussions`, user, {
    title: 'How do I start?',
    text: 'I am stuck on the first lesson.',
    ...fields,
  });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string };
}

async function reply(user: TestUser, threadId: string, text: string) {
  const response = await call('POST', `/api/discussions/${threadId}/replies`, user, { text });
  expect(response.status, response.text).toBe(201);
  return response.body.data as { id: string };
}

const mailsTo = (email: string) =>
  smtp.mails.filter((mail) =>
    [mail.to]
      .flat()
      .some((to) => to?.value.some((v) => v.address?.toLowerCase() === email.toLowerCase())),
  );

describe('who may read, post and moderate', () => {
  // Columns: a visitor, a signed-in learner not enrolled, a learner enrolled in the premium
  // course (with access), one enrolled whose Premium ended, the courses' instructor, another
  // instructor, an admin. Written from decisions.md §3/§10 and issue 34, point 2.
  type Caller = 'visitor' | keyof typeof people;
  const callers: Caller[] = ['visitor', 'learner', 'enrolled', 'lapsed', 'owner', 'other', 'admin'];
  // prettier-ignore
  const table: Record<string, readonly number[]> = {
    //                                                 visitor learner enrolled lapsed owner other admin
    'GET /api/course/:id/discussions (free)':         [401,    200,    200,     200,   200,  200,  200],
    'GET /api/course/:id/discussions (premium)':      [401,    403,    200,     402,   200,  403,  200],
    'POST /api/course/:id/discussions (free)':        [401,    201,    201,     201,   201,  201,  201],
    'POST /api/course/:id/discussions (premium)':     [401,    403,    201,     402,   201,  403,  201],
    'GET /api/discussions/:id (premium)':             [401,    403,    200,     402,   200,  403,  200],
    'POST /api/discussions/:id/replies (premium)':    [401,    403,    201,     402,   201,  403,  201],
    'PUT /api/discussions/:id/answer (free)':         [401,    403,    403,     403,   200,  403,  200],
    'PUT /api/discussions/:id/pin (premium)':         [401,    403,    403,     403,   200,  403,  200],
    'PUT /api/discussions/:id/close (free)':          [401,    403,    403,     403,   200,  403,  200],
    'PUT /api/posts/:id/hidden (a free reply)':       [401,    403,    403,     403,   200,  403,  200],
    'POST /api/posts/:id/report (premium)':           [401,    403,    201,     402,   201,  403,  201],
    'PUT /api/discussions/:id/follow (premium)':      [401,    403,    200,     402,   200,  403,  200],
    'GET /api/admin/discussion-reports':              [401,    403,    403,     403,   403,  403,  200],
  };

  it('answers each caller as the table says', async () => {
    const freeThread = await ask(people.admin, free);
    const freeReply = await reply(people.admin, freeThread.id, 'A first answer.');
    const premiumThread = await ask(people.admin, premium);
    const calls: Record<string, (user: TestUser | null) => Promise<ApiResponse<any>>> = {
      'GET /api/course/:id/discussions (free)': (u) =>
        call('GET', `/api/course/${free.id}/discussions?page=1`, u),
      'GET /api/course/:id/discussions (premium)': (u) =>
        call('GET', `/api/course/${premium.id}/discussions?page=1`, u),
      'POST /api/course/:id/discussions (free)': (u) =>
        call('POST', `/api/course/${free.id}/discussions`, u, { title: 'Q', text: 'Why?' }),
      'POST /api/course/:id/discussions (premium)': (u) =>
        call('POST', `/api/course/${premium.id}/discussions`, u, { title: 'Q', text: 'Why?' }),
      'GET /api/discussions/:id (premium)': (u) =>
        call('GET', `/api/discussions/${premiumThread.id}`, u),
      'POST /api/discussions/:id/replies (premium)': (u) =>
        call('POST', `/api/discussions/${premiumThread.id}/replies`, u, { text: 'Me too.' }),
      'PUT /api/discussions/:id/answer (free)': (u) =>
        call('PUT', `/api/discussions/${freeThread.id}/answer`, u, { replyId: freeReply.id }),
      'PUT /api/discussions/:id/pin (premium)': (u) =>
        call('PUT', `/api/discussions/${premiumThread.id}/pin`, u, { pinned: true }),
      'PUT /api/discussions/:id/close (free)': (u) =>
        call('PUT', `/api/discussions/${freeThread.id}/close`, u, { closed: false }),
      'PUT /api/posts/:id/hidden (a free reply)': (u) =>
        call('PUT', `/api/posts/${freeReply.id}/hidden`, u, { hidden: false }),
      'POST /api/posts/:id/report (premium)': (u) =>
        call('POST', `/api/posts/${premiumThread.id}/report`, u, { reason: 'Off topic' }),
      'PUT /api/discussions/:id/follow (premium)': (u) =>
        call('PUT', `/api/discussions/${premiumThread.id}/follow`, u, { following: true }),
      'GET /api/admin/discussion-reports': (u) =>
        call('GET', '/api/admin/discussion-reports?page=1', u),
    };
    const seen: Record<string, number[]> = {};
    for (const row of Object.keys(table)) {
      seen[row] = [];
      for (const caller of callers) {
        const response = await calls[row]!(caller === 'visitor' ? null : people[caller]);
        seen[row].push(response.status);
        if (response.status === 402) expect(response.body.code).toBe('PREMIUM_REQUIRED');
      }
    }
    expect(seen).toEqual(table);
  });
});

describe('a question, its answer and the reply mails', () => {
  it('mails the follower once an hour at most, in their language, with a one-tap unsubscribe', async () => {
    const learner = await createUser(server, { firstName: 'Claudine' });
    await server.ctx.database.db
      .update(users)
      .set({ language: 'rw' })
      .where(eq(users.id, learner.id));
    const thread = await ask(learner, free, {
      title: 'Lesson 1: where is the video?',
      itemId: free.lessons[0],
    });

    // The owner answers: the asker (who follows their own thread) is mailed, in Kinyarwanda.
    const answer = await reply(
      people.owner,
      thread.id,
      'Scroll down: the video is *below* the text.',
    );
    const mail = await smtp.waitFor(learner.email);
    expect(mail.subject).toBe('Ibisubizo bishya kuri “Lesson 1: where is the video?”');
    expect(mail.text).toContain(
      'Ibisubizo bishya mu kiganiro “Lesson 1: where is the video?” kuva kuri imeyili iheruka: 1.',
    );
    expect(mail.text).toContain('Olivier');
    expect(mail.text).toContain('Scroll down: the video is *below* the text.');
    expect(mail.text).toContain(`http://localhost:5173/discussions/${thread.id}`);
    const postHeader = mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line;
    expect(postHeader).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The owner marks it as the answer.
    const marked = await call('PUT', `/api/discussions/${thread.id}/answer`, people.owner, {
      replyId: answer.id.toUpperCase(),
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data.answered).toBe(true);
    const read = await call('GET', `/api/discussions/${thread.id}`, learner);
    expect(read.body.data.answerId).toBe(answer.id);
    expect(read.body.data.replies.map((r: any) => [r.text, r.isAnswer])).toEqual([
      ['Scroll down: the video is *below* the text.', true],
    ]);
    expect(read.body.data.itemId).toBe(free.lessons[0]);

    // A second reply within the hour: no second mail, now or from the sweep.
    await reply(people.owner, thread.id, 'And the captions are in Kinyarwanda.');
    expect(await sendReplyNotices(server.ctx, { threadId: thread.id })).toBe(0);
    expect(mailsTo(learner.email)).toHaveLength(1);

    // An hour later, the sweep mails what came since: one reply.
    const later = new Date(Date.now() + HOUR + 60_000);
    expect(await sendReplyNotices(server.ctx, { threadId: thread.id, now: later })).toBe(1);
    const second = await smtp.waitFor(learner.email, (m) => m !== mail);
    expect(second.text).toContain('kuva kuri imeyili iheruka: 1.');
    expect(second.text).toContain('And the captions are in Kinyarwanda.');

    // Unsubscribe in one tap, without signing in; a changed token is refused.
    const token = /\/unfollow\/([\w-]{43}\.[\w-]{22})/.exec(second.text ?? '')![1]!;
    const tampered = await call('POST', `/api/discussions/unfollow/${token.slice(0, -2)}xx`, null);
    expect(tampered.status).toBe(400);
    expect(tampered.body.code).toBe('INVALID_UNFOLLOW_TOKEN');
    const unfollowed = await call('POST', `/api/discussions/unfollow/${token}`, null);
    expect(unfollowed.status, unfollowed.text).toBe(200);
    expect(unfollowed.body.message).toBe('Done: you will get no more mails about this discussion.');
    expect((await call('GET', `/api/discussions/${thread.id}`, learner)).body.data.following).toBe(
      false,
    );
    await reply(people.owner, thread.id, 'One more thing.');
    expect(
      await sendReplyNotices(server.ctx, { now: new Date(Date.now() + 3 * HOUR) }),
    ).toBeGreaterThanOrEqual(0);
    expect(mailsTo(learner.email)).toHaveLength(2);
  });

  it('never mails a follower about their own reply, nor about a hidden one', async () => {
    const learner = await createUser(server, { firstName: 'Jean' });
    const thread = await ask(learner, free, { title: 'Own replies' });
    await reply(learner, thread.id, 'Adding a detail myself.');
    expect(await sendReplyNotices(server.ctx, { threadId: thread.id })).toBe(0);
    await reply(people.owner, thread.id, 'Welcome.');
    await smtp.waitFor(learner.email);
    // Within the hour, a reply that a moderator then hides: the next sweep has nothing to say.
    const spam = await reply(people.other, thread.id, 'Buy cheap followers here');
    const hidden = await call('PUT', `/api/posts/${spam.id}/hidden`, people.owner, {
      hidden: true,
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(
      await sendReplyNotices(server.ctx, {
        threadId: thread.id,
        now: new Date(Date.now() + 2 * HOUR),
      }),
    ).toBe(0);
    expect(mailsTo(learner.email)).toHaveLength(1);
    const [follow] = await server.ctx.database.db
      .select()
      .from(discussionFollows)
      .where(eq(discussionFollows.userId, learner.id));
    expect(follow?.mailedAt).not.toBeNull();
  });
});

describe('a follower who can no longer read the course', () => {
  it('is not mailed once their Premium has ended', async () => {
    const learner = await createUser(server, { firstName: 'Lapsing' });
    await enrol(server, learner.id, premium.id, { legacy: false });
    const now = Date.now();
    await server.ctx.database.db.insert(premiumPasses).values({
      userId: learner.id,
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    });
    const thread = await ask(learner, premium, { title: 'Asked with a pass' });
    await server.ctx.database.db
      .update(premiumPasses)
      .set({ endsAt: new Date(now - 60_000) })
      .where(eq(premiumPasses.userId, learner.id));
    await reply(people.owner, thread.id, 'Premium-only answer.');
    expect(
      await sendReplyNotices(server.ctx, {
        threadId: thread.id,
        now: new Date(Date.now() + 2 * HOUR),
      }),
    ).toBe(0);
    // The follow is marked told (by the sweep above or by the reply's own job), without a mail.
    const [follow] = await server.ctx.database.db
      .select()
      .from(discussionFollows)
      .where(eq(discussionFollows.userId, learner.id));
    expect(follow?.mailedAt).not.toBeNull();
    expect(mailsTo(learner.email)).toHaveLength(0);
    const again = await call('GET', `/api/discussions/${thread.id}`, learner);
    expect([again.status, again.body.code]).toEqual([402, 'PREMIUM_REQUIRED']);
  });
});

describe('moderation', () => {
  it('hidden posts: gone for learners, marked for moderators; a closed thread takes no reply', async () => {
    const learner = await createUser(server);
    const thread = await ask(learner, free, { title: 'To be moderated' });
    const kept = await reply(people.other, thread.id, 'A kind answer.');
    const spam = await reply(people.other, thread.id, 'Spam spam spam.');
    expect(
      (await call('PUT', `/api/posts/${spam.id}/hidden`, people.admin, { hidden: true })).status,
    ).toBe(200);

    const asLearner = (await call('GET', `/api/discussions/${thread.id}`, learner)).body.data;
    expect(asLearner.replies.map((r: any) => r.text)).toEqual(['A kind answer.']);
    expect(asLearner.replyCount).toBe(1);
    expect(asLearner.repliesTotal).toBe(1);
    const asOwner = (await call('GET', `/api/discussions/${thread.id}`, people.owner)).body.data;
    expect(asOwner.replies.map((r: any) => [r.text, r.hidden])).toEqual([
      ['A kind answer.', false],
      ['Spam spam spam.', true],
    ]);
    expect(asOwner.canModerate).toBe(true);
    // Reporting or marking a hidden reply: as if it did not exist.
    const report = await call('POST', `/api/posts/${spam.id}/report`, learner, { reason: 'Spam' });
    expect([report.status, report.body.code]).toEqual([404, 'POST_NOT_FOUND']);
    const mark = await call('PUT', `/api/discussions/${thread.id}/answer`, people.owner, {
      replyId: spam.id,
    });
    expect([mark.status, mark.body.code]).toEqual([404, 'POST_NOT_FOUND']);
    void kept;

    // A hidden thread: 404 and out of the list for learners; listed, marked, for moderators.
    expect(
      (await call('PUT', `/api/posts/${thread.id}/hidden`, people.owner, { hidden: true })).status,
    ).toBe(200);
    const gone = await call('GET', `/api/discussions/${thread.id}`, learner);
    expect([gone.status, gone.body.code]).toEqual([404, 'DISCUSSION_NOT_FOUND']);
    const learnerList = await call(
      'GET',
      `/api/course/${free.id}/discussions?pageSize=100`,
      learner,
    );
    expect(learnerList.body.data.map((t: any) => t.id)).not.toContain(thread.id);
    const ownerList = await call(
      'GET',
      `/api/course/${free.id}/discussions?pageSize=100`,
      people.owner,
    );
    expect(ownerList.body.data.find((t: any) => t.id === thread.id)?.hidden).toBe(true);

    // Closed: no reply, from anyone.
    await call('PUT', `/api/posts/${thread.id}/hidden`, people.owner, { hidden: false });
    expect(
      (await call('PUT', `/api/discussions/${thread.id}/close`, people.owner, { closed: true }))
        .body.data.closed,
    ).toBe(true);
    const late = await call('POST', `/api/discussions/${thread.id}/replies`, learner, {
      text: 'Wait!',
    });
    expect([late.status, late.body.code]).toEqual([409, 'DISCUSSION_CLOSED']);
  });

  it('reports reach the admin, once per reader and post', async () => {
    const learner = await createUser(server, { firstName: 'Reporter' });
    const thread = await ask(people.other, free, { title: 'Reported thread' });
    const bad = await reply(people.other, thread.id, 'Rude words.');
    const first = await call('POST', `/api/posts/${bad.id}/report`, learner, { reason: 'Rude' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.message).toBe('Thank you: an admin will look at this post.');
    const again = await call('POST', `/api/posts/${bad.id}/report`, learner, { reason: 'Rude!' });
    expect(again.status).toBe(200);
    const reports = await call(
      'GET',
      '/api/admin/discussion-reports?page=1&pageSize=5',
      people.admin,
    );
    expect(reports.status, reports.text).toBe(200);
    const mine = reports.body.data.filter((r: any) => r.postId === bad.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'reply',
      threadId: thread.id,
      threadTitle: 'Reported thread',
      text: 'Rude words.',
      reason: 'Rude',
      hidden: false,
      postAuthor: { firstName: 'Other' },
      reporter: { firstName: 'Reporter' },
    });
  });
});

describe('what is stored and shown', () => {
  it('keeps text as typed (Markdown and HTML alike) and refuses bad input with its code', async () => {
    const learner = await createUser(server);
    const typed = '<script>alert(1)</script> **bold** [x](javascript:alert(1))';
    const thread = await ask(learner, free, { title: '<b>Title</b>', text: typed });
    const read = await call('GET', `/api/discussions/${thread.id.toUpperCase()}`, learner);
    expect(read.status, read.text).toBe(200);
    expect([read.body.data.title, read.body.data.text]).toEqual(['<b>Title</b>', typed]);

    const tooLong = await call('POST', `/api/course/${free.id}/discussions`, learner, {
      title: 'x'.repeat(151),
      text: 'ok',
    });
    expect([tooLong.status, tooLong.body.fields]).toEqual([
      400,
      { title: 'At most 150 characters.' },
    ]);
    const hugeText = await call('POST', `/api/course/${free.id}/discussions`, learner, {
      title: 'Huge',
      text: 'x'.repeat(10_001),
    });
    expect([hugeText.status, hugeText.body.fields]).toEqual([
      400,
      { text: 'At most 10000 characters.' },
    ]);
    const control = await call('POST', `/api/discussions/${thread.id}/replies`, learner, {
      text: 'bell\u0007',
    });
    expect([control.status, control.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const empty = await call('POST', `/api/discussions/${thread.id}/replies`, learner, {
      text: '   ',
    });
    expect(empty.body.fields).toEqual({ text: 'Please write your text.' });
    const otherItem = await call('POST', `/api/course/${free.id}/discussions`, learner, {
      title: 'Wrong lesson',
      text: 'x',
      itemId: premium.lessons[0],
    });
    expect([otherItem.status, otherItem.body.code]).toEqual([404, 'ITEM_NOT_IN_COURSE']);
    const notAnId = await call('GET', '/api/discussions/not-an-id', learner);
    expect([notAnId.status, notAnId.body.code]).toEqual([404, 'DISCUSSION_NOT_FOUND']);
  });

  it('a deleted user’s posts stay, without their name (the app says "former learner")', async () => {
    const leaving = await createUser(server, { firstName: 'Leaving' });
    const thread = await ask(leaving, free, { title: 'Asked before leaving' });
    const answer = await reply(leaving, thread.id, 'My own follow-up.');
    const deleted = await call('DELETE', `/api/user/delete/${leaving.id}`, people.admin);
    expect(deleted.status, deleted.text).toBe(200);
    const read = await call('GET', `/api/discussions/${thread.id}`, people.learner);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.author).toBeNull();
    expect(read.body.data.replies).toEqual([
      expect.objectContaining({ id: answer.id, author: null, text: 'My own follow-up.' }),
    ]);
  });

  it('limits posting: 20 posts per account in 15 minutes, then 429 with Retry-After', async () => {
    const chatty = await createUser(server);
    const thread = await ask(chatty, free, { title: 'Chatty' });
    for (let i = 2; i <= 20; i++) await reply(chatty, thread.id, `Reply ${i}`);
    const over = await call('POST', `/api/discussions/${thread.id}/replies`, chatty, {
      text: 'One too many',
    });
    expect([over.status, over.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back.
    expect(
      (await call('POST', `/api/discussions/${thread.id}/replies`, people.learner, { text: 'Hi' }))
        .status,
    ).toBe(201);
  });

  it('pages threads (pinned first, then the latest active), a lesson’s threads, and replies', async () => {
    const teacher = await createUser(server, { role: 'instructor' });
    const course = await createCourseWithItems(server, [0, 0], {
      courseType: 'free',
      ownerId: teacher.id,
    });
    const titles = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'];
    const ids: string[] = [];
    for (const title of titles) {
      ids.push(
        (
          await ask(teacher, course, {
            title,
            ...(title === 'T2' || title === 'T5' ? { itemId: course.lessons[1] } : {}),
          })
        ).id,
      );
    }
    await call('PUT', `/api/discussions/${ids[0]}/pin`, teacher, { pinned: true });
    const page1 = await call(
      'GET',
      `/api/course/${course.id}/discussions?page=1&pageSize=3`,
      teacher,
    );
    expect(page1.body).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(page1.body.data.map((t: any) => t.title)).toEqual(['T1', 'T7', 'T6']);
    const page3 = await call(
      'GET',
      `/api/course/${course.id}/discussions?page=3&pageSize=3`,
      teacher,
    );
    expect(page3.body.data.map((t: any) => t.title)).toEqual(['T2']);
    const lesson = await call(
      'GET',
      `/api/course/${course.id}/discussions?page=1&itemId=${course.lessons[1]!.toUpperCase()}`,
      teacher,
    );
    expect(lesson.body.data.map((t: any) => t.title)).toEqual(['T5', 'T2']);
    const tooBig = await call('GET', `/api/course/${course.id}/discussions?pageSize=101`, teacher);
    expect(tooBig.status).toBe(400);

    for (const text of ['R1', 'R2', 'R3']) await reply(teacher, ids[2]!, text);
    const replies = await call('GET', `/api/discussions/${ids[2]}?page=2&pageSize=2`, teacher);
    expect(replies.body.data.replies.map((r: any) => r.text)).toEqual(['R3']);
    expect(replies.body.data.repliesTotal).toBe(3);
  });
});
