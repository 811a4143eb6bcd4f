import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseItems, courses, revokedTokens, users } from './db/schema';
import { SessionCache } from './lib/session-cache';
import { createCourse, createLesson } from './test/content';
import { createUser, DEFAULT_PASSWORD } from './test/factories';
import type { TestUser } from './test/factories';
import { startTwoProcesses } from './test/server';
import type { TestServer } from './test/server';

// Signed-in reads make one query (issue 13, point 2): a checked token is kept in memory, and so
// are a course's rules and learning order. To see whether a check came from memory, the database
// is changed behind the API's back (a kept session still passes); every change made through the
// API ends the kept sessions at once, here and in a second process on the same database.

let server: TestServer;
let other: TestServer;
let admin: TestUser;
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ server, other, close } = await startTwoProcesses());
  admin = await createUser(server, { role: 'admin' });
});
afterAll(() => close());

const profileStatus = async (target: TestServer, token: string) =>
  (await target.request('GET', '/api/user/profile', { token })).status;

/** The token's id, as the server stores it when the token is logged out. */
const jtiOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti;

/** The token is refused by `target`, at once or within moments (another process hears NOTIFY). */
const refusedBy = (target: TestServer, token: string) =>
  expect.poll(() => profileStatus(target, token), { timeout: 5_000, interval: 50 }).toBe(401);

describe('checked sessions kept in memory', () => {
  it('a kept session is not read again: a change behind the API is not seen at once', async () => {
    const learner = await createUser(server);
    expect(await profileStatus(server, learner.token)).toBe(200);
    await server.ctx.database.db
      .insert(revokedTokens)
      .values({ jti: jtiOf(learner.token), expiresAt: new Date(Date.now() + 60_000) });
    expect(await profileStatus(server, learner.token)).toBe(200);
    // A token never seen before is read from the database: the same revocation applies.
    const fresh = await createUser(server);
    await server.ctx.database.db
      .insert(revokedTokens)
      .values({ jti: jtiOf(fresh.token), expiresAt: new Date(Date.now() + 60_000) });
    expect(await profileStatus(server, fresh.token)).toBe(401);
  });

  it('logging out ends the kept session here at once, and in the other process', async () => {
    const learner = await createUser(server);
    expect(await profileStatus(server, learner.token)).toBe(200);
    expect(await profileStatus(other, learner.token)).toBe(200);
    const logout = await server.request('POST', '/api/auth/logout', { token: learner.token });
    expect(logout.status, logout.text).toBe(200);
    expect(await profileStatus(server, learner.token)).toBe(401);
    await refusedBy(other, learner.token);
  });

  it('a password change ends every other kept session of the user, everywhere', async () => {
    const learner = await createUser(server);
    const phone = learner.token;
    const laptop = (
      await server.ctx.tokens.issue(
        (await server.ctx.database.db.select().from(users).where(eq(users.id, learner.id)))[0]!,
      )
    ).token;
    for (const token of [phone, laptop]) {
      expect(await profileStatus(server, token)).toBe(200);
      expect(await profileStatus(other, token)).toBe(200);
    }
    const changed = await server.request('POST', '/api/auth/changepassword', {
      token: phone,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-brand-new-passphrase' },
    });
    expect(changed.status, changed.text).toBe(200);
    for (const token of [phone, laptop]) {
      expect(await profileStatus(server, token)).toBe(401);
      await refusedBy(other, token);
    }
    // The token the change answered with is good on both.
    expect(await profileStatus(server, changed.body.data.token)).toBe(200);
    expect(await profileStatus(other, changed.body.data.token)).toBe(200);
  });

  it("deleting a user ends the user's kept sessions, everywhere", async () => {
    const learner = await createUser(server);
    expect(await profileStatus(server, learner.token)).toBe(200);
    expect(await profileStatus(other, learner.token)).toBe(200);
    const deleted = await server.request('DELETE', `/api/user/delete/${learner.id}`, {
      token: admin.token,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await profileStatus(server, learner.token)).toBe(401);
    await refusedBy(other, learner.token);
  });

  it("another user's logout does not end a kept session", async () => {
    const [one, two] = [await createUser(server), await createUser(server)];
    expect(await profileStatus(server, one.token)).toBe(200);
    await server.ctx.database.db
      .insert(revokedTokens)
      .values({ jti: jtiOf(one.token), expiresAt: new Date(Date.now() + 60_000) });
    expect((await server.request('POST', '/api/auth/logout', { token: two.token })).status).toBe(
      200,
    );
    // Still kept: only the user who logged out was dropped.
    expect(await profileStatus(server, one.token)).toBe(200);
  });
});

describe("a course's rules and order kept in memory", () => {
  it('the progress read keeps the order until the course changes through the API', async () => {
    const course = await createCourse(server, admin, { courseType: 'free' });
    const first = await createLesson(server, admin, course.id, { title: 'First' });
    const second = await createLesson(server, admin, course.id, { title: 'Second' });
    const learner = await createUser(server);
    for (const lesson of [first, second]) {
      const done = await server.request('POST', '/api/progress/complete', {
        token: learner.token,
        body: { courseId: course.id, lessonId: lesson.id },
      });
      expect(done.status, done.text).toBe(200);
    }
    const order = async () =>
      (
        await server.request('GET', `/api/progress/${course.id}`, { token: learner.token })
      ).body.data.map((record: { lessonId: string }) => record.lessonId);
    expect(await order()).toEqual([first.id, second.id]);

    // Swapped behind the API's back: the kept order is still served.
    await server.ctx.database.db
      .update(courseItems)
      .set({ position: 9 })
      .where(eq(courseItems.id, first.id));
    expect(await order()).toEqual([first.id, second.id]);

    // A content write through the API (here: a lesson's title) clears it.
    const form = new FormData();
    form.set('title', 'Second, renamed');
    const renamed = await server.request('PUT', `/api/lesson/update/${second.id}`, {
      token: admin.token,
      form,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await order()).toEqual([second.id, first.id]);
  });

  it('a course made a draft is hidden from the progress read once the API is told', async () => {
    const course = await createCourse(server, admin, { courseType: 'free' });
    await createLesson(server, admin, course.id, { title: 'Only' });
    const learner = await createUser(server);
    const read = async () =>
      (await server.request('GET', `/api/progress/${course.id}`, { token: learner.token })).status;
    expect(await read()).toBe(200);
    await server.ctx.database.db
      .update(courses)
      .set({ published: false })
      .where(eq(courses.id, course.id));
    expect(await read()).toBe(200);
    const form = new FormData();
    form.set('published', 'false');
    const hidden = await server.request('PUT', `/api/course/update/${course.id}`, {
      token: admin.token,
      form,
    });
    expect(hidden.status, hidden.text).toBe(200);
    expect(await read()).toBe(404);
  });
});

describe('SessionCache, bounded', () => {
  const actor = (id: string) => ({
    actor: { id, role: 'learner' as const },
    language: null,
  });

  it('keeps at most maxEntries (the least recently used go first) and forgets after its time', async () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', cache.generation, actor('u1'));
    cache.set('b', cache.generation, actor('u2'));
    cache.set('c', cache.generation, actor('u3'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(actor('u2'));
    expect(cache.size).toBe(2);
    // Used lately, b stays; c, least recently used, goes.
    cache.set('d', cache.generation, actor('u4'));
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toEqual(actor('u2'));
    const expiring = new SessionCache({ ttlMs: 5, maxEntries: 2 });
    expiring.set('a', expiring.generation, actor('u1'));
    expect(expiring.get('a')).toEqual(actor('u1'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(expiring.get('a')).toBeUndefined();
    // A time of 0 switches it off: nothing is kept.
    const off = new SessionCache({ ttlMs: 0, maxEntries: 2 });
    off.set('a', off.generation, actor('u1'));
    expect(off.get('a')).toBeUndefined();
  });

  it('does not keep a check that began before a session was ended', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const began = cache.generation;
    cache.drop('u9');
    cache.set('a', began, actor('u1'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while it cannot hear the other processes', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 }, undefined, false);
    cache.set('a', cache.generation, actor('u1'));
    expect(cache.get('a')).toBeUndefined();
    cache.setOnline(true);
    cache.set('a', cache.generation, actor('u1'));
    expect(cache.get('a')).toEqual(actor('u1'));
  });
});
