import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../db/schema';
import { createUser } from '../test/factories';
import type { TestUser } from '../test/factories';
import { startTwoProcesses } from '../test/server';
import type { TestServer } from '../test/server';
import { uuidv7 } from './ids';

// A list's total is counted from the table when asked (no per-table version row that every
// writer updates, migration 0013), so it is right at once in every process; a whole table of
// more than 50,000 rows answers PostgreSQL's estimate of its size instead (lib/pagination.ts).

let server: TestServer;
let other: TestServer;
let close: () => Promise<void>;
let admin: TestUser;

const subscriber = (email: string) => ({ id: uuidv7(), email });

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
  it('no table keeps a list version any more, and no trigger writes one', async () => {
    const found = (await server.ctx.database.db.execute(
      sql`select (select count(*) from pg_trigger where tgname like '%_list_written')::int as triggers,
        (to_regclass('list_versions') is null) as gone`,
    )) as unknown as { rows: { triggers: number; gone: boolean }[] };
    expect(found.rows[0]).toEqual({ triggers: 0, gone: true });
  });

  it('are right at once after a write, here and in another process', async () => {
    expect(await total(server, 'page=1&pageSize=10')).toBe(25);
    const created = await server.request('POST', '/api/sub/subscribe', {
      body: { email: 'written-1@totals.rw' },
    });
    expect(created.status).toBeLessThan(300);
    expect(await total(server, 'page=2&pageSize=10')).toBe(26);
    expect(await total(other, 'page=1&pageSize=10')).toBe(26);
    const removed = await other.request('DELETE', '/api/sub/unsubscribe/even-00@totals.rw', {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(await total(server, 'page=1&pageSize=10')).toBe(25);
  });

  it('are counted per filter', async () => {
    expect(await total(server, 'q=odd-&pageSize=5')).toBe(12);
    expect(await total(server, 'q=even-&pageSize=5')).toBe(12);
    await server.ctx.database.db.insert(subscribers).values(subscriber('odd-99@totals.rw'));
    expect(await total(server, 'q=odd-&pageSize=5')).toBe(13);
    expect(await total(other, 'q=even-&pageSize=5')).toBe(12);
  });

  it('are not changed by a write that was rolled back', async () => {
    await expect(
      server.ctx.database.db.transaction(async (tx) => {
        await tx.insert(subscribers).values(subscriber('rolled-back@totals.rw'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await total(server, 'page=1&pageSize=10')).toBe(26);
    await server.ctx.database.db.insert(subscribers).values(subscriber('kept@totals.rw'));
    expect(await total(other, 'page=1&pageSize=10')).toBe(27);
  });

  it('of a whole table of more than 50,000 rows are the statistics’ estimate', async () => {
    const db = server.ctx.database.db;
    // The statistics as ANALYZE leaves them for a table of 60,000 rows (filling one takes a
    // minute on the embedded database); the table itself holds 27 and 5 more.
    await db.execute(sql`analyze ${subscribers}`);
    await db.execute(
      sql`update pg_class set reltuples = 60000 where oid = to_regclass('subscribers')`,
    );
    await db
      .insert(subscribers)
      .values(Array.from({ length: 5 }, (_, i) => subscriber(`late-${i}@totals.rw`)));
    expect(await total(server, 'page=1&pageSize=10')).toBe(60000);
    expect(await total(other, 'page=3&pageSize=10')).toBe(60000);
    // A filtered list is counted exactly.
    expect(await total(server, 'q=late-&pageSize=2')).toBe(5);
    expect(await total(server, 'q=odd-&pageSize=2')).toBe(13);
  });
});
