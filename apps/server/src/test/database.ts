import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/client';
import type { Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, in the `postgres` test
 * project (TEST_DATABASE_URL set), a new PostgreSQL database that is dropped afterwards, so
 * that test files never see each other's rows.
 */
export async function freshDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** PostgreSQL's connection string of this database (another process could open it). */
  url?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const database = openDatabase({});
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `ishuri_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase({ url: target.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    url: target.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
