import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseItems, progress, users } from './db/schema';
import { OwnReadCache } from './lib/own-read-cache';
import { createCourse, createLesson } from './test/content';
import { createUser } from './test/factories';
import type { TestUser } from './test/factories';
import { startTwoProcesses } from './test/server';
import type { TestServer } from './test/server';

// A signed-in user's own reads (profile, progress in a course) are kept in memory (issue 13,
// point 2). To see whether an answer came from memory, the database is changed behind the API's
// back (the kept answer is still sent); every write through the API that may change it makes the
// next read fresh at once, here, and within moments in a second process on the same database.

let server: TestServer;
let other: TestServer;
let admin: TestUser;
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  ({ server, other, close } = await startTwoProcesses());
  admin = await createUser(server, { role: 'admin' });
});
afterAll(() => close());

const lastNameOn = async (target: TestServer, user: TestUser) => {
  const answer = await target.request('GET', '/api/user/profile', { token: user.token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data.lastName as string;
};

const renameBehindTheApi = (user: TestUser, lastName: string) =>
  server.ctx.database.db.update(users).set({ lastName }).where(eq(users.id, user.id));

const renameThroughTheApi = (by: TestUser, user: TestUser, lastName: string) =>
  server.request('PUT', `/api/user/update/${user.id}`, {
    token: by.token,
    body: { firstName: user.firstName, lastName, email: user.email },
  });

describe("a user's profile kept in memory", () => {
  it('is sent again without reading the database, until the user changes it', async () => {
    const learner = await createUser(server);
    expect(await lastNameOn(server, learner)).toBe(learner.lastName);
    await renameBehindTheApi(learner, 'Behind');
    // Kept: the change behind the API is not seen.
    expect(await lastNameOn(server, learner)).toBe(learner.lastName);
    const saved = await renameThroughTheApi(learner, learner, 'Mukamana');
    expect(saved.status, saved.text).toBe(200);
    expect(await lastNameOn(server, learner)).toBe('Mukamana');
  });

  it("an admin's change of a user is seen by that user at once, and in the other process", async () => {
    const learner = await createUser(server);
    expect(await lastNameOn(server, learner)).toBe(learner.lastName);
    expect(await lastNameOn(other, learner)).toBe(learner.lastName);
    const saved = await renameThroughTheApi(admin, learner, 'Uwase');
    expect(saved.status, saved.text).toBe(200);
    expect(await lastNameOn(server, learner)).toBe('Uwase');
    await expect
      .poll(() => lastNameOn(other, learner), { timeout: 5_000, interval: 50 })
      .toBe('Uwase');
  });

  it("another user's write does not drop a kept profile; the kept answer keeps its ETag", async () => {
    const [one, two] = [await createUser(server), await createUser(server)];
    const first = await server.request('GET', '/api/user/profile', { token: one.token });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    await renameBehindTheApi(one, 'Behind');
    // A write of another user's own: their logout. (A change to any user, like most writes,
    // clears the public reads, and with their generation every kept answer.)
    expect((await server.request('POST', '/api/auth/logout', { token: two.token })).status).toBe(
      200,
    );
    expect(await lastNameOn(server, one)).toBe(one.lastName);
    const again = await server.request('GET', '/api/user/profile', {
      token: one.token,
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-store');
  });

  it('is never sent to a token that was logged out, nor to another user', async () => {
    const [one, two] = [await createUser(server), await createUser(server)];
    expect(await lastNameOn(server, one)).toBe(one.lastName);
    expect(await lastNameOn(server, two)).toBe(two.lastName);
    expect((await server.request('POST', '/api/auth/logout', { token: one.token })).status).toBe(
      200,
    );
    expect((await server.request('GET', '/api/user/profile', { token: one.token })).status).toBe(
      401,
    );
    expect(await lastNameOn(server, two)).toBe(two.lastName);
  });
});

describe("a learner's progress kept in memory", () => {
  it('is kept until the learner records progress, then fresh here at once and in the other process', async () => {
    const course = await createCourse(server, admin, { courseType: 'free' });
    const first = await createLesson(server, admin, course.id, { title: 'First' });
    const second = await createLesson(server, admin, course.id, { title: 'Second' });
    const learner = await createUser(server);
    const done = async (target: TestServer) => {
      const answer = await target.request('GET', `/api/progress/${course.id}`, {
        token: learner.token,
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data
        .filter((record: { completed: boolean }) => record.completed)
        .map((record: { lessonId: string }) => record.lessonId);
    };
    expect(await done(server)).toEqual([]);
    expect(await done(other)).toEqual([]);
    const complete = (lessonId: string) =>
      server.request('POST', '/api/progress/complete', {
        token: learner.token,
        body: { courseId: course.id, lessonId },
      });
    expect((await complete(first.id)).status).toBe(200);
    expect(await done(server)).toEqual([first.id]);
    await expect.poll(() => done(other), { timeout: 5_000, interval: 50 }).toEqual([first.id]);

    // Removed behind the API's back: the kept answer is still sent.
    await server.ctx.database.db
      .delete(progress)
      .where(and(eq(progress.userId, learner.id), eq(progress.itemId, first.id)));
    expect(await done(server)).toEqual([first.id]);
    // A content write through the API (the course's order) makes it fresh.
    await server.ctx.database.db
      .update(courseItems)
      .set({ title: 'Renamed behind' })
      .where(eq(courseItems.id, second.id));
    const form = new FormData();
    form.set('title', 'Second, renamed');
    const renamed = await server.request('PUT', `/api/lesson/update/${second.id}`, {
      token: admin.token,
      form,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await done(server)).toEqual([]);
  });
});

describe('the cache itself', () => {
  const options = { ttlMs: 60_000, maxEntries: 3 };
  const keep = (cache: OwnReadCache, userId: string, url: string, content = 0) =>
    cache.set(userId, url, cache.stamp(userId, content), `{"u":"${userId}"}`, 'json', null);

  it('keeps at most maxEntries, the least recently used going first', () => {
    const cache = new OwnReadCache(options);
    for (const user of ['a', 'b', 'c', 'd']) keep(cache, user, '/p');
    expect(cache.size).toBe(3);
    expect(cache.get('a', '/p', 0)).toBeUndefined();
    expect(cache.get('d', '/p', 0)?.body).toBe('{"u":"d"}');
    // b read lately stays; c goes, and a drop of c's user finds nothing left of it.
    expect(cache.get('b', '/p', 0)?.body).toBe('{"u":"b"}');
    keep(cache, 'e', '/p');
    expect(cache.get('c', '/p', 0)).toBeUndefined();
    expect(cache.get('b', '/p', 0)?.body).toBe('{"u":"b"}');
    cache.drop('b');
    expect(cache.size).toBe(2);
    expect(cache.get('b', '/p', 0)).toBeUndefined();
  });

  it("does not keep a read that began before its user's drop; other users' reads are kept", () => {
    const cache = new OwnReadCache(options);
    const mine = cache.stamp('a', 0);
    const theirs = cache.stamp('b', 0);
    cache.drop('a');
    cache.set('a', '/p', mine, '{}', 'json', null);
    cache.set('b', '/p', theirs, '{}', 'json', null);
    expect(cache.get('a', '/p', 0)).toBeUndefined();
    expect(cache.get('b', '/p', 0)).toBeDefined();
  });

  it('does not send what was read under older content, nor anything while offline', () => {
    const cache = new OwnReadCache(options);
    keep(cache, 'a', '/p', 4);
    expect(cache.get('a', '/p', 5)).toBeUndefined();
    keep(cache, 'a', '/p', 5);
    cache.setOnline(false);
    expect(cache.get('a', '/p', 5)).toBeUndefined();
    keep(cache, 'a', '/p', 5);
    expect(cache.size).toBe(0);
  });

  it('lets entries expire, and keeps nothing when switched off', async () => {
    const cache = new OwnReadCache({ ttlMs: 5, maxEntries: 3 });
    keep(cache, 'a', '/p');
    expect(cache.get('a', '/p', 0)?.body).toBe('{"u":"a"}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.get('a', '/p', 0)).toBeUndefined();
    const off = new OwnReadCache({ ttlMs: 0, maxEntries: 3 });
    keep(off, 'a', '/p');
    expect(off.get('a', '/p', 0)).toBeUndefined();
  });
});
