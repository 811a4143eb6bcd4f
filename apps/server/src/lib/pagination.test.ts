import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../db/schema';
import { createUser } from '../test/factories';
import type { TestUser } from '../test/factories';
import { startTestServer } from '../test/server';
import type { TestServer } from '../test/server';
import { uuidv7 } from './ids';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createUser(server, { role: 'admin' });
  // 1,005 subscribers: five more than an unpaged list may answer.
  const rows = Array.from({ length: 1005 }, (_, i) => ({
    id: uuidv7(),
    email: `reader-${String(i).padStart(4, '0')}@example.rw`,
  }));
  for (let start = 0; start < rows.length; start += 250) {
    await server.ctx.database.db.insert(subscribers).values(rows.slice(start, start + 250));
  }
});

afterAll(async () => {
  await server?.close();
});

describe('a list asked for without page parameters', () => {
  it('answers at most 1,000 items, with the total so that the client can tell', async () => {
    const response = await server.request('GET', '/api/sub/subscribers', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1000);
    expect(response.body.total).toBe(1005);
    expect(response.body).not.toHaveProperty('page');
  });

  it('still reaches every item page by page', async () => {
    const last = await server.request('GET', '/api/sub/subscribers?pageSize=100&page=11', {
      token: admin.token,
    });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ total: 1005, page: 11, pageSize: 100 });
    expect(last.body.data).toHaveLength(5);
  });
});
