import { messages } from '@ishuri/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';

// An admin edits a user (issue 32, point 4): name, e-mail and role, the last-admin rule, a line
// in the user's history, and the user's next request sees the new role.
let server: TestServer;
let admin: TestUser;
let instructor: TestUser;
let learner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin', firstName: 'Alice', lastName: 'Uwase' });
  instructor = await createUser(server, { role: 'instructor' });
  learner = await createUser(server, { firstName: 'Jean', lastName: 'Mugisha' });
});
afterAll(() => server?.close());

const edit = (token: string | undefined, id: string, body: Record<string, unknown>) =>
  server.request('PUT', `/api/user/edit/${id}`, { token, body });

describe('who may edit a user and read their history', () => {
  it('admin yes; instructor and learner 403; a visitor 401', async () => {
    const target = await createUser(server, { firstName: 'Target', lastName: 'User' });
    const body = { firstName: 'Target', lastName: 'User', email: target.email, role: 'learner' };
    const table = [
      ['admin', admin.token, 200],
      ['instructor', instructor.token, 403],
      ['learner', learner.token, 403],
      ['visitor', undefined, 401],
    ] as const;
    for (const [who, token, status] of table) {
      expect((await edit(token, target.id, body)).status, `edit as ${who}`).toBe(status);
      const history = await server.request('GET', `/api/user/history/${target.id}`, { token });
      expect(history.status, `history as ${who}`).toBe(status);
    }
  });
});

describe('editing', () => {
  it("changes the role: the user's next request is checked with it, and the history says so", async () => {
    // The learner's session is checked and kept (session cache) before the change.
    const before = await server.request('GET', '/api/course/all?mine=true', {
      token: learner.token,
    });
    expect(before.status).toBe(403);
    const response = await edit(admin.token, learner.id, {
      firstName: 'Jean',
      lastName: 'Mugisha',
      email: learner.email,
      role: 'instructor',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('User updated.');
    expect(response.body.data).toMatchObject({ id: learner.id, role: 'instructor' });
    // The same token: an instructor may list the courses they manage, a learner may not.
    const mine = await server.request('GET', '/api/course/all?mine=true', {
      token: learner.token,
    });
    expect(mine.status).toBe(200);
    const history = await server.request('GET', `/api/user/history/${learner.id}`, {
      token: admin.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(1);
    expect(history.body.data[0]).toMatchObject({
      kind: 'role',
      from: 'learner',
      to: 'instructor',
      by: { id: admin.id, firstName: 'Alice', lastName: 'Uwase' },
    });
  });

  it('promotes to admin: the same token reaches the admin screens at once', async () => {
    const user = await createUser(server);
    expect((await server.request('GET', '/api/user/all', { token: user.token })).status).toBe(403);
    const body = { firstName: user.firstName, lastName: user.lastName, email: user.email };
    expect((await edit(admin.token, user.id, { ...body, role: 'admin' })).status).toBe(200);
    expect((await server.request('GET', '/api/user/all', { token: user.token })).status).toBe(200);
    // … and back: the old role's rights end with the next request too.
    expect((await edit(admin.token, user.id, { ...body, role: 'learner' })).status).toBe(200);
    expect((await server.request('GET', '/api/user/all', { token: user.token })).status).toBe(403);
  });

  it('renames at once; a new e-mail waits for its link; each is a line of history', async () => {
    const user = await createUser(server, { firstName: 'Old', lastName: 'Name' });
    const response = await edit(admin.token, user.id, {
      firstName: 'New',
      lastName: 'Name',
      email: 'new.address@example.rw',
      role: 'learner',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(messages.emailChangeSent('new.address@example.rw'));
    expect(response.body.data).toMatchObject({ firstName: 'New', email: user.email });
    const history = await server.request('GET', `/api/user/history/${user.id}`, {
      token: admin.token,
    });
    const lines = history.body.data.map((e: { kind: string; from: string; to: string }) => [
      e.kind,
      e.from,
      e.to,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['name', 'Old Name', 'New Name'],
        ['email', user.email, 'new.address@example.rw'],
      ]),
    );
    expect(lines).toHaveLength(2);
  });

  it("refuses another user's e-mail (409) and changes nothing", async () => {
    const user = await createUser(server, { firstName: 'Keep', lastName: 'Me' });
    const response = await edit(admin.token, user.id, {
      firstName: 'Changed',
      lastName: 'Me',
      email: instructor.email.toUpperCase(),
      role: 'admin',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toBe(messages.emailAlreadyExist);
    const history = await server.request('GET', `/api/user/history/${user.id}`, {
      token: admin.token,
    });
    expect(history.body.data).toEqual([]);
    expect((await server.request('GET', '/api/user/all', { token: user.token })).status).toBe(403);
  });

  it('rejects an unknown role, empty names and an unknown user', async () => {
    const body = { firstName: 'A', lastName: 'B', email: 'a.b@example.rw', role: 'owner' };
    expect((await edit(admin.token, learner.id, body)).status).toBe(400);
    const empty = await edit(admin.token, learner.id, { ...body, role: 'learner', firstName: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.firstName).toBe(messages.registerFieldsRequired);
    const unknown = await edit(admin.token, '0190a0a0-0000-7000-8000-000000000000', {
      ...body,
      role: 'learner',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the last admin', () => {
  it('cannot be demoted; with a second admin, one may be', async () => {
    const fresh = await startTestServer();
    try {
      const only = await createUser(fresh, { role: 'admin' });
      const self = {
        firstName: only.firstName,
        lastName: only.lastName,
        email: only.email,
        role: 'learner',
      };
      const refused = await fresh.request('PUT', `/api/user/edit/${only.id}`, {
        token: only.token,
        body: self,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(messages.lastAdmin);
      const still = await fresh.request('GET', '/api/user/all', { token: only.token });
      expect(still.status).toBe(200);
      const second = await createUser(fresh, { role: 'admin' });
      const demoted = await fresh.request('PUT', `/api/user/edit/${second.id}`, {
        token: only.token,
        body: {
          firstName: second.firstName,
          lastName: second.lastName,
          email: second.email,
          role: 'instructor',
        },
      });
      expect(demoted.status).toBe(200);
      const gone = await fresh.request('GET', '/api/user/all', { token: second.token });
      expect(gone.status).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
