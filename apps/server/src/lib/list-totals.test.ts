import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../db/schema';
import { createUser } from '../test/factories';
import type { TestUser } from '../test/factories';
import { startTwoProcesses } from '../test/server';
import type { TestServer } from '../test/server';
import { uuidv7 } from './ids';

// A list's total is counted once per version of its table (migration 0005, lib/pagination.ts):
// the next page, or the same page again, is answered without counting, and any write to the
// table, by any process, makes the next total fresh.

let server: TestServer;
let other: TestServer;
let close: () => Promise<void>;
let admin: TestUser;

const subscriber = (email: string) => ({ id: uuidv7(), email });

/** Written with the table's triggers off: the version does not move (what a kept total misses). */
async function insertUnseen(email: string) {
  await server.ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.insert(subscribers).values(subscriber(email));
  });
}

async function total(through: TestServer, query: string) {
  const response = await through.request('GET', `/api/sub/subscribers?${query}`, {
    token: admin.token,
  });
  expect(response.status).toBe(200);
  return response.body.total as number;
}

beforeAll(async () => {
  ({ server, other, close } = await startTwoProcesses());
  admin = await createUser(server, { role: 'admin' });
  await server.ctx.database.db
    .insert(subscribers)
    .values(
      Array.from({ length: 25 }, (_, i) =>
        subscriber(`${i % 2 ? 'odd' : 'even'}-${String(i).padStart(2, '0')}@totals.rw`),
      ),
    );
});

afterAll(async () => {
  await close?.();
});

describe('list totals', () => {
  it('are counted once while the table does not change', async () => {
    expect(await total(server, 'page=1&pageSize=10')).toBe(25);
    await insertUnseen('unseen-1@totals.rw');
    // The table's version did not move: the total counted before is answered again.
    expect(await total(server, 'page=2&pageSize=10')).toBe(25);
    expect(await total(server, 'page=1&pageSize=10')).toBe(25);
  });

  it('are fresh after a write through the API, here and in another process', async () => {
    const created = await server.request('POST', '/api/sub/subscribe', {
      body: { email: 'written-1@totals.rw' },
    });
    expect(created.status).toBeLessThan(300);
    // Counted again: the row written without triggers is there too.
    expect(await total(server, 'page=1&pageSize=10')).toBe(27);
    expect(await total(other, 'page=1&pageSize=10')).toBe(27);
    const removed = await other.request('DELETE', '/api/sub/unsubscribe/even-00@totals.rw', {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(await total(server, 'page=1&pageSize=10')).toBe(26);
  });

  it('are kept per filter', async () => {
    expect(await total(server, 'q=odd-&pageSize=5')).toBe(12);
    expect(await total(server, 'q=even-&pageSize=5')).toBe(12);
    await server.ctx.database.db.insert(subscribers).values(subscriber('odd-99@totals.rw'));
    expect(await total(server, 'q=odd-&pageSize=5')).toBe(13);
    expect(await total(other, 'q=even-&pageSize=5')).toBe(12);
  });

  it('are fresh after a write that was rolled back and one that was not', async () => {
    const before = await total(server, 'page=1&pageSize=10');
    await expect(
      server.ctx.database.db.transaction(async (tx) => {
        await tx.insert(subscribers).values(subscriber('rolled-back@totals.rw'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await total(server, 'page=1&pageSize=10')).toBe(before);
    await server.ctx.database.db.insert(subscribers).values(subscriber('kept@totals.rw'));
    expect(await total(other, 'page=1&pageSize=10')).toBe(before + 1);
  });
});
