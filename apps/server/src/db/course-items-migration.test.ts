import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0012 (issue 31): a database filled the way the schema of migration 0009 was used
 * (lessons and sub-lessons in two tables, progress and attempts naming items by id, videos by
 * their upload's URL) keeps every row once its items are one `course_items` table: the same
 * ids, parents and positions, progress, attempts, videos and captions linked to their items.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface Target {
  run(query: SQL): Promise<Array<Record<string, unknown>>>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database: PGlite in memory, or a new PostgreSQL database in the postgres project. */
async function emptyDatabase(): Promise<Target> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      run: async (query) => (await db.execute(query)).rows as Array<Record<string, unknown>>,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `ishuri_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
  const db = drizzlePg(pool);
  return {
    run: async (query) => (await db.execute(query)).rows as Array<Record<string, unknown>>,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** A copy of the migrations folder holding 0000 to 0009 only, with its journal cut there. */
async function migrationsUpTo0009(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'ishuri-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number; tag: string }) =>
    /^000\d_/.test(entry.tag),
  );
  expect(journal.entries.map((entry: { tag: string }) => entry.tag.slice(0, 4))).toEqual([
    '0000',
    '0001',
    '0002',
    '0003',
    '0004',
    '0005',
    '0006',
    '0007',
    '0008',
    '0009',
  ]);
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as Array<{ tag: string }>) {
    await copyFile(
      path.join(migrations, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

// Fixed ids, as URLs and progress know them.
const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const learner = id(1);
const other = id(2);
const courseA = id(10);
const courseB = id(11);
const lesson1 = id(20);
const lesson2 = id(21);
const lessonB1 = id(22);
const lessonB2 = id(23);
const lessonB3 = id(24);
const sub1 = id(30);
const sub2 = id(31);
const sub3 = id(32);
const gone = id(99);
const videoA = '/uploads/videos/0190a000-aaaa-7000-8000-000000000001.mp4';
const videoS = '/uploads/videos/0190a000-aaaa-7000-8000-000000000002.mp4';
const videoGone = '/uploads/videos/0190a000-aaaa-7000-8000-000000000003.mp4';
const quiz = {
  passMark: 50,
  maxAttempts: null,
  shuffle: false,
  questions: [
    {
      id: 'q1',
      kind: 'trueFalse',
      prompt: 'Kigali is in Rwanda.',
      choices: [
        { id: 'true', text: 'True', correct: true },
        { id: 'false', text: 'False', correct: false },
      ],
    },
  ],
};

/** Rows written the way the services of migration 0009's schema wrote them. */
async function fillTheOldWay(db: Target) {
  await db.run(sql`insert into users (id, email, first_name, last_name, password_hash, role) values
    (${learner}, 'learner@example.com', 'Aline', 'Uwase', 'x', 'learner'),
    (${other}, 'other@example.com', 'Eric', 'Habimana', 'x', 'learner')`);
  await db.run(sql`insert into courses (id, title, description, course_type) values
    (${courseA}, 'Course A', 'First.', 'free'), (${courseB}, 'Course B', 'Second.', 'premium')`);
  await db.run(sql`insert into lessons
    (id, course_id, title, description, content_type, content, video_url, quiz, position, created_at)
    values
    (${lesson1}, ${courseA}, 'Reading', 'Read it.', 'text', 'Some text.', null, null, 10,
      '2026-01-02T10:00:00Z'),
    (${lesson2}, ${courseA}, 'Watching', '', 'video', null, ${videoA}, null, 20,
      '2026-01-02T11:00:00Z'),
    (${lessonB1}, ${courseB}, 'B one', '', 'text', 'b', null, null, 1, '2026-01-03T10:00:00Z'),
    (${lessonB2}, ${courseB}, 'B two', '', 'quiz', null, null, ${JSON.stringify(quiz)}::jsonb, 1,
      '2026-01-03T11:00:00Z'),
    (${lessonB3}, ${courseB}, 'B three', '', 'text', 'c', null, null, 0, '2026-01-03T12:00:00Z')`);
  await db.run(sql`insert into sub_lessons
    (id, lesson_id, title, description, content_type, content, video_url, quiz, position, created_at)
    values
    (${sub1}, ${lesson1}, 'Part one', '', 'video', null, ${videoS}, null, 1, '2026-01-02T10:05:00Z'),
    (${sub2}, ${lesson1}, 'Check', '', 'quiz', null, null, ${JSON.stringify(quiz)}::jsonb, 2,
      '2026-01-02T10:06:00Z'),
    (${sub3}, ${lessonB1}, 'B part', '', 'text', 'bp', null, null, 7, '2026-01-03T10:01:00Z')`);
  await db.run(sql`insert into progress
    (user_id, course_id, item_id, progress, completed, completed_at, updated_at) values
    (${learner}, ${courseA}, ${lesson1}, 100, true, '2026-02-01T08:00:00Z', '2026-02-01T08:00:00Z'),
    (${learner}, ${courseA}, ${sub1}, 40, false, null, '2026-02-01T08:10:00Z'),
    (${learner}, ${courseA}, ${sub2}, 100, true, '2026-02-01T08:20:00Z', '2026-02-01T08:20:00Z'),
    (${other}, ${courseB}, ${lessonB2}, 100, true, '2026-02-02T08:00:00Z', '2026-02-02T08:00:00Z'),
    (${other}, ${courseA}, ${gone}, 100, true, '2026-02-03T08:00:00Z', '2026-02-03T08:00:00Z'),
    (${other}, ${courseA}, ${sub3}, 100, true, '2026-02-03T08:00:00Z', '2026-02-03T08:00:00Z')`);
  await db.run(sql`insert into quiz_attempts
    (id, user_id, course_id, item_id, answers, score, passed, seconds, created_at) values
    (${id(40)}, ${learner}, ${courseA}, ${sub2}, '{"q1":["false"]}', 0, false, 12,
      '2026-02-01T08:15:00Z'),
    (${id(41)}, ${learner}, ${courseA}, ${sub2}, '{"q1":["true"]}', 100, true, 9,
      '2026-02-01T08:20:00Z'),
    (${id(42)}, ${other}, ${courseB}, ${lessonB2}, '{"q1":["true"]}', 100, true, null,
      '2026-02-02T08:00:00Z'),
    (${id(43)}, ${other}, ${courseB}, ${gone}, '{"q1":["true"]}', 100, true, null,
      '2026-02-02T09:00:00Z')`);
  await db.run(sql`insert into videos
    (source_url, status, duration_seconds, renditions, poster_key, captions) values
    (${videoA}, 'ready', 61.5,
      '[{"quality":"240p","width":426,"height":240,"bytes":1000,"key":"videos/a/240p.mp4"}]',
      'videos/a/poster.webp', '[{"language":"rw","key":"videos/a/captions.rw.1.vtt"}]'),
    (${videoS}, 'processing', null, '[]', null, '[]'),
    (${videoGone}, 'failed', null, '[]', null, '[{"language":"en","key":"videos/g/captions.en.1.vtt"}]')`);
}

describe('migration 0012: one course_items table', () => {
  let db: Target;
  let before: string;

  beforeAll(async () => {
    db = await emptyDatabase();
    before = await migrationsUpTo0009();
    await db.migrate(before);
    await fillTheOldWay(db);
    await db.migrate(migrations);
    // Two databases' worth of migrations on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await db?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it('moves every lesson and sub-lesson with its id, course, parent, content and position', async () => {
    const rows = await db.run(sql`select id, course_id, parent_id, title, description,
      content_type, content, video_url, quiz, position, created_at
      from course_items order by id`);
    const item = (row: Record<string, unknown>) => [
      row.id,
      row.course_id,
      row.parent_id,
      row.title,
      row.content_type,
      row.content,
      row.video_url,
      row.position,
      new Date(row.created_at as string).toISOString(),
    ];
    expect(rows.map(item)).toEqual([
      [
        lesson1,
        courseA,
        null,
        'Reading',
        'text',
        'Some text.',
        null,
        10,
        '2026-01-02T10:00:00.000Z',
      ],
      [lesson2, courseA, null, 'Watching', 'video', null, videoA, 20, '2026-01-02T11:00:00.000Z'],
      // Course B's lessons shared position 1: numbered 1, 2, 3 in their old order
      // (position, then id).
      [lessonB1, courseB, null, 'B one', 'text', 'b', null, 2, '2026-01-03T10:00:00.000Z'],
      [lessonB2, courseB, null, 'B two', 'quiz', null, null, 3, '2026-01-03T11:00:00.000Z'],
      [lessonB3, courseB, null, 'B three', 'text', 'c', null, 1, '2026-01-03T12:00:00.000Z'],
      [sub1, courseA, lesson1, 'Part one', 'video', null, videoS, 1, '2026-01-02T10:05:00.000Z'],
      [sub2, courseA, lesson1, 'Check', 'quiz', null, null, 2, '2026-01-02T10:06:00.000Z'],
      [sub3, courseB, lessonB1, 'B part', 'text', 'bp', null, 7, '2026-01-03T10:01:00.000Z'],
    ]);
    expect(rows.find((row) => row.id === lesson1)!.description).toBe('Read it.');
    expect(rows.find((row) => row.id === sub2)!.quiz).toEqual(quiz);
    expect(rows.find((row) => row.id === lessonB2)!.quiz).toEqual(quiz);
    const tables = await db.run(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_name in ('lessons', 'sub_lessons')`);
    expect(tables).toEqual([]);
  });

  it('keeps every progress row and attempt of an existing item; deletes the orphans', async () => {
    const progress = await db.run(sql`select user_id, item_id, progress, completed
      from progress order by user_id, item_id`);
    expect(progress.map((row) => [row.user_id, row.item_id, row.progress, row.completed])).toEqual([
      [learner, lesson1, 100, true],
      [learner, sub1, 40, false],
      [learner, sub2, 100, true],
      [other, lessonB2, 100, true],
    ]);
    const attempts = await db.run(sql`select id, item_id, answers, score, passed, seconds
      from quiz_attempts order by id`);
    expect(
      attempts.map((row) => [row.id, row.item_id, row.answers, row.score, row.seconds]),
    ).toEqual([
      [id(40), sub2, { q1: ['false'] }, 0, 12],
      [id(41), sub2, { q1: ['true'] }, 100, 9],
      [id(42), lessonB2, { q1: ['true'] }, 100, null],
    ]);
  });

  it('gives every video its own id and its item, with its renditions and captions', async () => {
    const videos = await db.run(sql`select id, item_id, source_url, status, renditions,
      poster_key, captions from videos order by source_url`);
    expect(videos.map((row) => [row.source_url, row.item_id, row.status])).toEqual([
      [videoA, lesson2, 'ready'],
      [videoS, sub1, 'processing'],
      // No item shows it any more: it keeps the list of its files to delete.
      [videoGone, null, 'failed'],
    ]);
    for (const row of videos) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(videos.map((row) => row.id)).size).toBe(3);
    expect(videos[0]!.renditions).toEqual([
      { quality: '240p', width: 426, height: 240, bytes: 1000, key: 'videos/a/240p.mp4' },
    ]);
    expect(videos[0]!.poster_key).toBe('videos/a/poster.webp');
    expect(videos[0]!.captions).toEqual([{ language: 'rw', key: 'videos/a/captions.rw.1.vtt' }]);
    expect(videos[2]!.captions).toEqual([{ language: 'en', key: 'videos/g/captions.en.1.vtt' }]);
  });

  it('refuses rows that break the tree: a parent of another course or depth, a shared position', async () => {
    const insert = (itemId: string, courseId: string, parent: string | null, position: number) =>
      db.run(sql`insert into course_items (id, course_id, parent_id, title, content_type, position)
        values (${itemId}, ${courseId}, ${parent}, 'New', 'text', ${position})`);
    // A sub-lesson under a lesson of another course.
    await expect(insert(id(50), courseB, lesson1, 9)).rejects.toThrow();
    // A sub-lesson under a sub-lesson.
    await expect(insert(id(51), courseA, sub1, 9)).rejects.toThrow();
    // The position of a sibling: among lessons (parent null), and among sub-lessons.
    await expect(insert(id(52), courseA, null, 20)).rejects.toThrow();
    await expect(insert(id(53), courseA, lesson1, 2)).rejects.toThrow();
    // Progress of an unknown item, or of an item of another course.
    await expect(
      db.run(sql`insert into progress (user_id, course_id, item_id) values
        (${learner}, ${courseA}, ${gone})`),
    ).rejects.toThrow();
    await expect(
      db.run(sql`insert into progress (user_id, course_id, item_id) values
        (${learner}, ${courseB}, ${lesson1})`),
    ).rejects.toThrow();
    // The same position under another parent is fine.
    await insert(id(54), courseA, lesson2, 1);
    expect(
      await db.run(sql`select parent_id, position from course_items where id = ${id(54)}`),
    ).toEqual([{ parent_id: lesson2, position: 1 }]);
  });

  it('deletes a lesson with its sub-lessons, their progress and attempts; its video row stays', async () => {
    await db.run(sql`delete from course_items where id = ${lesson1}`);
    expect(
      await db.run(sql`select id from course_items where id in (${lesson1}, ${sub1}, ${sub2})`),
    ).toEqual([]);
    expect(await db.run(sql`select item_id from progress where user_id = ${learner}`)).toEqual([]);
    expect(await db.run(sql`select id from quiz_attempts where user_id = ${learner}`)).toEqual([]);
    expect(await db.run(sql`select item_id from videos where source_url = ${videoS}`)).toEqual([
      { item_id: null },
    ]);
    // A course takes its items along.
    await db.run(sql`delete from courses where id = ${courseB}`);
    expect(await db.run(sql`select id from course_items where course_id = ${courseB}`)).toEqual([]);
    expect(await db.run(sql`select id from quiz_attempts`)).toEqual([]);
  });
});
