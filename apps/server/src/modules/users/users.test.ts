import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

let server: TestServer;
let admin: TestUser;
let learner: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  learner = await createUser(server, { firstName: 'Jean', lastName: 'Mugisha' });
  other = await createUser(server);
});
afterAll(() => server?.close());

const profile = {
  firstName: 'Jean-Paul',
  lastName: 'Mugisha',
  email: 'jp@example.rw',
  bio: 'Learning to code.',
};

describe('profile', () => {
  it('lets a user update their own profile', async () => {
    const response = await server.request('PUT', `/api/user/update/${learner.id}`, {
      token: learner.token,
      body: { ...profile, currentPassword: learner.password },
    });
    expect(response.status).toBe(200);
    // A new e-mail waits for its confirmation link (email-change.test.ts); the rest is saved.
    expect(response.body.message).toBe(messages.emailChangeSent(profile.email));
    const saved = { ...profile, email: learner.email, pendingEmail: profile.email };
    expect(response.body.data).toMatchObject({ ...saved, id: learner.id, role: 'learner' });
    const read = await server.request('GET', '/api/user/profile', { token: learner.token });
    expect(read.body.data).toMatchObject(saved);
  });

  it('requires first name, last name and e-mail; bio is optional', async () => {
    for (const [field, message] of [
      ['firstName', messages.registerFieldsRequired],
      ['lastName', messages.registerFieldsRequired],
      ['email', messages.registerFieldsRequired],
    ] as const) {
      const response = await server.request('PUT', `/api/user/update/${learner.id}`, {
        token: learner.token,
        body: { ...profile, [field]: '' },
      });
      expect(response.status).toBe(400);
      expect(response.body.fields[field]).toBe(message);
    }
    const badEmail = await server.request('PUT', `/api/user/update/${learner.id}`, {
      token: learner.token,
      body: { ...profile, email: 'no-at-sign' },
    });
    expect(badEmail.body.error).toBe(messages.emailInvalid);
    const noBio = await server.request('PUT', `/api/user/update/${learner.id}`, {
      token: learner.token,
      body: {
        firstName: 'Jean',
        lastName: 'M',
        email: 'jp@example.rw',
        currentPassword: learner.password,
      },
    });
    expect(noBio.status).toBe(200);
  });

  it("refuses another user's e-mail with 409", async () => {
    const response = await server.request('PUT', `/api/user/update/${learner.id}`, {
      token: learner.token,
      body: { ...profile, email: other.email.toUpperCase(), currentPassword: learner.password },
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(messages.emailAlreadyExist);
  });

  it('forbids updating another user, except to an admin', async () => {
    const byLearner = await server.request('PUT', `/api/user/update/${other.id}`, {
      token: learner.token,
      body: { ...profile, email: 'stolen@example.rw' },
    });
    expect(byLearner.status).toBe(403);
    const byAdmin = await server.request('PUT', `/api/user/update/${other.id}`, {
      token: admin.token,
      body: { firstName: 'Grace', lastName: 'Ingabire', email: other.email },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.firstName).toBe('Grace');
  });
});

describe('admin user management', () => {
  it('forbids learners and instructors from listing and deleting users', async () => {
    const instructor = await createUser(server, { role: 'instructor' });
    for (const user of [learner, instructor]) {
      expect((await server.request('GET', '/api/user/all', { token: user.token })).status).toBe(
        403,
      );
      const del = await server.request('DELETE', `/api/user/delete/${other.id}`, {
        token: user.token,
      });
      expect(del.status).toBe(403);
    }
    expect((await server.request('GET', '/api/user/all')).status).toBe(401);
  });

  it('lists every user without paging parameters, and pages, filters and sorts with them', async () => {
    for (let i = 0; i < 6; i++) {
      await createUser(server, { firstName: `Zed${i}`, email: `zed${i}@paging.rw` });
    }
    const all = await server.request('GET', '/api/user/all', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data.length).toBeGreaterThanOrEqual(9);
    expect(all.text).not.toContain('passwordHash');

    const page = await server.request(
      'GET',
      '/api/user/all?q=paging.rw&pageSize=4&page=2&sort=email:asc',
      {
        token: admin.token,
      },
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page.body.data.map((u: { email: string }) => u.email)).toEqual([
      'zed4@paging.rw',
      'zed5@paging.rw',
    ]);

    const desc = await server.request('GET', '/api/user/all?q=ZED&sort=firstName:desc&pageSize=3', {
      token: admin.token,
    });
    expect(desc.body.data.map((u: { firstName: string }) => u.firstName)).toEqual([
      'Zed5',
      'Zed4',
      'Zed3',
    ]);

    const like = await server.request('GET', '/api/user/all?q=%25', { token: admin.token });
    expect(like.body.total).toBe(0);

    const badSort = await server.request('GET', '/api/user/all?sort=passwordHash:asc', {
      token: admin.token,
    });
    expect(badSort.status).toBe(400);
    const tooBig = await server.request('GET', '/api/user/all?pageSize=101', {
      token: admin.token,
    });
    expect(tooBig.status).toBe(400);
  });

  it('deletes a user; unknown and non-UUID ids are 404; an admin cannot delete themself', async () => {
    const doomed = await createUser(server);
    const response = await server.request('DELETE', `/api/user/delete/${doomed.id}`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.userDeleted);
    const again = await server.request('DELETE', `/api/user/delete/${doomed.id}`, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    for (const id of ['abc', '1', "1' or '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      const bad = await server.request('DELETE', `/api/user/delete/${encodeURIComponent(id)}`, {
        token: admin.token,
      });
      expect(bad.status).toBe(404);
      expect(bad.body.code).toBe('USER_NOT_FOUND');
      const update = await server.request('PUT', `/api/user/update/${encodeURIComponent(id)}`, {
        token: admin.token,
        body: profile,
      });
      expect(update.status).toBe(404);
    }
    const self = await server.request('DELETE', `/api/user/delete/${admin.id}`, {
      token: admin.token,
    });
    expect(self.status).toBe(409);
  });
});
