import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database';
import { openDatabase } from './client';
import type { Database } from './client';

describe('the embedded database', () => {
  it('runs with small shared buffers, not the 128 MB of a dedicated server', async () => {
    // On a data folder, as npm start runs it.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-pglite-'));
    const database = openDatabase({ dataDir });
    try {
      const result = await database.db.execute<{ shared_buffers: string }>(
        sql`show shared_buffers`,
      );
      const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      expect(rows[0]).toEqual({ shared_buffers: '16MB' });
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('LISTEN on PostgreSQL', () => {
  const listening = async (database: Database) => {
    const result = await database.db.execute<{ n: number }>(
      sql`select cast(count(*) as integer) as n from pg_stat_activity
          where datname = current_database() and query like 'listen %'`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (rows[0] as { n: number }).n;
  };

  it('one connection carries every channel of a process; each hears its own; a cut tells them all', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const heard: string[] = [];
      const lost: string[] = [];
      const subscriptions = await Promise.all(
        ['one', 'two', 'three'].map((channel) =>
          database.listen(
            channel,
            (payload) => heard.push(`${channel}:${payload}`),
            () => lost.push(channel),
          ),
        ),
      );
      expect(await listening(database)).toBe(1);
      await database.notify('two', 'hello');
      await expect.poll(() => heard).toEqual(['two:hello']);
      // One channel closed: the others still hear.
      await subscriptions[0]!.close();
      await database.notify('one', 'gone');
      await database.notify('three', 'still');
      await expect.poll(() => heard).toEqual(['two:hello', 'three:still']);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and (query like 'listen %' or query like 'unlisten %')`,
      );
      await expect.poll(() => lost.sort()).toEqual(['three', 'two']);
      // Listening again opens a new connection.
      await database.listen(
        'two',
        (payload) => heard.push(`again:${payload}`),
        () => undefined,
      );
      await database.notify('two', 'back');
      await expect.poll(() => heard.at(-1)).toBe('again:back');
      expect(await listening(database)).toBe(1);
    } finally {
      await drop();
    }
  });
});
if (process.env.TEST_DB !== 'postgres') {
  console.info(
    'client.test.ts: LISTEN on its own connection is a PostgreSQL case (not run on PGlite)',
  );
}
