import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { userColumns } from './users.presenter';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { listPage } from '../../lib/pagination';
import { desc } from 'drizzle-orm';

// Lists of more rows than a page are bounded (UNPAGED_LIMIT), never queued behind each other;
// and a list may read only the columns it presents.

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  await createUser(server, { role: 'learner' });
});

afterAll(async () => {
  await server?.close();
});

describe('large lists', () => {
  it('unpaged lists asked for at once are all served, none refused or kept waiting', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.request('GET', '/api/user/all', { token: admin.token }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200,
    ]);
    expect(answers.map((answer) => answer.body.total)).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('reads only the columns it is given', async () => {
    const keys = await listPage(
      server.ctx.database.db,
      users,
      { searchable: [], sortable: {}, defaultOrder: [desc(users.createdAt)] },
      {},
      (row) => Object.keys(row).sort(),
      userColumns,
    );
    expect(keys.data).toHaveLength(2);
    for (const row of keys.data) {
      expect(row).toEqual(['bio', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'role']);
    }
  });

  it('the list of users answers what a user is, without the password hash', async () => {
    const response = await server.request('GET', '/api/user/all?pageSize=20', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const mine = response.body.data.find((user: { id: string }) => user.id === admin.id);
    expect(mine).toEqual({
      id: admin.id,
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: admin.email,
      role: 'admin',
      bio: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });
});
