import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/database';
import type { Database } from './client';

// Every list's filter and sort can be served by an index (issue 13, point 1). With sequential
// scans disabled, the planner still scans the whole table when no index fits; the plan must name
// the index. The expectations are the list specs of the services, written out.

const filters: [table: string, columns: string[], index: string][] = [
  ['users', ['first_name', 'last_name', 'email', 'role'], 'users_search_idx'],
  ['courses', ['title', 'description'], 'courses_search_idx'],
  ['blogs', ['title', 'content'], 'blogs_search_idx'],
  ['certificates', ['certificate_code', 'learner_name', 'course_title'], 'certificates_search_idx'],
  ['contact_messages', ['full_name', 'email', 'subject', 'message'], 'contact_messages_search_idx'],
  ['subscribers', ['email'], 'subscribers_search_idx'],
];

const sorts: [table: string, orderBy: string, index: string][] = [
  ['users', 'created_at desc, id asc', 'users_created_idx'],
  ['users', 'first_name', 'users_first_name_idx'],
  ['users', 'last_name desc', 'users_last_name_idx'],
  ['users', 'email', 'users_email_idx'],
  ['users', 'role', 'users_role_idx'],
  ['courses', 'created_at desc, id desc', 'courses_created_idx'],
  ['courses', 'title', 'courses_title_idx'],
  ['courses', 'course_type', 'courses_type_created_idx'],
  ['blogs', 'created_at desc', 'blogs_created_idx'],
  ['blogs', 'title', 'blogs_title_idx'],
  ['certificates', 'created_at desc', 'certificates_created_idx'],
  ['certificates', 'certificate_code', 'certificates_code_key'],
  ['certificates', 'learner_name', 'certificates_learner_name_idx'],
  ['certificates', 'course_title', 'certificates_course_title_idx'],
  ['contact_messages', 'created_at desc', 'contact_messages_created_idx'],
  ['contact_messages', 'full_name', 'contact_messages_full_name_idx'],
  ['contact_messages', 'email', 'contact_messages_email_idx'],
  ['contact_messages', 'subject', 'contact_messages_subject_idx'],
  ['subscribers', 'created_at desc, id desc', 'subscribers_created_idx'],
  ['subscribers', 'email', 'subscribers_email_idx'],
];

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop?.());

async function plan(query: string): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql.raw(`explain ${query}`));
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('the lists have their indexes', () => {
  for (const [table, columns, index] of filters) {
    it(`${table}: q (ILIKE '%…%' on ${columns.join(', ')}) uses ${index}`, async () => {
      const where = columns.map((column) => `${column} ilike '%kig%'`).join(' or ');
      expect(await plan(`select * from ${table} where ${where}`)).toContain(index);
    });
  }
  for (const [table, orderBy, index] of sorts) {
    it(`${table}: order by ${orderBy} uses ${index}`, async () => {
      expect(await plan(`select * from ${table} order by ${orderBy} limit 10`)).toContain(index);
    });
  }
});

describe('searches stay on their index as rows are written', () => {
  /** The planner's own choice (no setting forced), as a list query reads. */
  async function freePlan(query: string): Promise<string> {
    const result = await database.db.execute(sql.raw(`explain ${query}`));
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    return (rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
  }

  it('every trigram index is written to directly (no GIN pending list)', async () => {
    const result = await database.db.execute(
      sql.raw(
        `select c.relname, c.reloptions from pg_class c where c.relname like '%_search_idx' order by c.relname`,
      ),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      relname: string;
      reloptions: string[] | string | null;
    }[];
    expect(rows.map((row) => row.relname)).toEqual(filters.map(([, , index]) => index).sort());
    for (const row of rows) {
      expect(String(row.reloptions), row.relname).toContain('fastupdate=false');
    }
  });

  it('after 20,000 new users, a search by name uses the index, not a scan of the table', async () => {
    await database.db.execute(
      sql.raw(`insert into users (id, email, first_name, last_name, password_hash, role, created_at)
        select gen_random_uuid(), 'many' || g || '@example.rw', 'First' || g, 'Last' || (g % 997),
               'not-used', 'learner', now() - (g || ' seconds')::interval
        from generate_series(1, 20000) g`),
    );
    await database.db.execute(sql.raw('analyze users'));
    const where = ['first_name', 'last_name', 'email', 'role']
      .map((column) => `${column} ilike '%last99%'`)
      .join(' or ');
    const chosen = await freePlan(
      `select * from users where ${where} order by created_at desc, id asc limit 20`,
    );
    expect(chosen).toContain('users_search_idx');
    expect(chosen).not.toMatch(/Seq Scan/);
  });
});
