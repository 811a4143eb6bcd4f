import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { userColumns } from './users.presenter';
import { createUser } from '../../test/factories';
import type { TestUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import type { TestServer } from '../../test/server';
import { LARGE_LISTS_WAITING, largeLists, listPage } from '../../lib/pagination';
import { desc } from 'drizzle-orm';

// Lists of more rows than a page are built one at a time per process, the others waiting in a
// bounded line (lib/pagination.ts); and a list may read only the columns it presents.

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

/** Holds the gate's one place, and fills its line, until `release` is called. */
async function fillGate() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const holders = Array.from({ length: 1 + LARGE_LISTS_WAITING }, () => largeLists.run(() => held));
  await new Promise((resolve) => setImmediate(resolve));
  expect(largeLists.counts).toEqual({ running: 1, waiting: LARGE_LISTS_WAITING });
  return async () => {
    release();
    await Promise.all(holders);
  };
}

describe('large lists', () => {
  it('an unpaged list waits for its turn, and is refused with 503 when the line is full', async () => {
    const release = await fillGate();
    try {
      const refused = await server.request('GET', '/api/user/all', { token: admin.token });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toBe('1');
      // A page never waits behind large lists.
      const page = await server.request('GET', '/api/user/all?pageSize=20', {
        token: admin.token,
      });
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(2);
    } finally {
      await release();
    }
    const served = await server.request('GET', '/api/user/all', { token: admin.token });
    expect(served.status).toBe(200);
    expect(served.body.total).toBe(2);
    expect(largeLists.counts).toEqual({ running: 0, waiting: 0 });
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
