// 50 concurrent writers on PostgreSQL: sign-ups (a new account), language changes and
// certificates issued, each in its own transaction as the services write them, for a fixed time.
// Prints the transactions a second and the latency of each kind. Measures whether writers of one
// table queue behind each other (a per-table row every write updates would serialise them).
// Run with `npm run bench writers` (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
// names the server; a database `bench_writers` is made afresh there); never part of the tests.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const WRITERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SEED_USERS = 2_000;
const COURSES = 20;

const server = new URL(
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const admin = new pg.Client({ connectionString: server.toString() });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS bench_writers WITH (FORCE)');
await admin.query('CREATE DATABASE bench_writers');
await admin.end();

const target = new URL(server);
target.pathname = '/bench_writers';
const pool = new pg.Pool({ connectionString: target.toString(), max: WRITERS });
await migrate(drizzle(pool), {
  // BENCH_MIGRATIONS: another checkout's migrations, to measure its schema (before/after).
  migrationsFolder:
    process.env.BENCH_MIGRATIONS ??
    path.join(import.meta.dirname, '../apps/server/src/db/migrations'),
});

const userIds: string[] = [];
for (let start = 0; start < SEED_USERS; start += 500) {
  const ids = Array.from({ length: 500 }, () => randomUUID());
  await pool.query(
    `INSERT INTO users (id, email, first_name, last_name, password_hash)
     SELECT id, 'seed-' || id || '@example.com', 'Aline', 'Uwase', 'x' FROM unnest($1::uuid[]) AS id`,
    [ids],
  );
  userIds.push(...ids);
}
const courseIds = Array.from({ length: COURSES }, () => randomUUID());
await pool.query(
  `INSERT INTO courses (id, title, description)
   SELECT id, 'Course ' || id, 'About it' FROM unnest($1::uuid[]) AS id`,
  [courseIds],
);
const tables = await pool.query<{ n: string }>(
  `SELECT count(*)::text AS n FROM information_schema.tables WHERE table_name = 'list_versions'`,
);
const withListVersions = tables.rows[0]?.n === '1';

type Kind = 'sign-up' | 'language' | 'certificate';
const times: Record<Kind, number[]> = { 'sign-up': [], language: [], certificate: [] };
const languages = ['en', 'rw', 'fr', 'sw'];
let certificateSeq = 0;

async function once(client: pg.PoolClient, kind: Kind): Promise<void> {
  await client.query('BEGIN');
  try {
    if (kind === 'sign-up') {
      const id = randomUUID();
      await client.query(
        `INSERT INTO users (id, email, first_name, last_name, password_hash, language)
         VALUES ($1, $2, 'Eric', 'Mugisha', 'x', 'rw')`,
        [id, `new-${id}@example.com`],
      );
    } else if (kind === 'language') {
      const id = userIds[Math.floor(Math.random() * userIds.length)]!;
      await client.query('UPDATE users SET language = $1 WHERE id = $2', [
        languages[Math.floor(Math.random() * languages.length)],
        id,
      ]);
    } else {
      // As issueCertificate: read the learner, insert the certificate, enqueue its job.
      const n = (certificateSeq += 1);
      const userId = userIds[n % userIds.length]!;
      const courseId = courseIds[Math.floor(n / userIds.length) % COURSES]!;
      await client.query('SELECT first_name, last_name FROM users WHERE id = $1', [userId]);
      const id = randomUUID();
      await client.query(
        `INSERT INTO certificates (id, certificate_code, user_id, course_id, learner_name,
           course_title, course_type, language)
         VALUES ($1, $2, $3, $4, 'Aline Uwase', 'Course', 'free', 'en') ON CONFLICT DO NOTHING`,
        [id, `ISH-${id.slice(0, 13)}`, userId, courseId],
      );
      await client.query(
        `INSERT INTO jobs (id, type, payload, dedupe_key) VALUES ($1, 'certificate', $2, $3)
         ON CONFLICT DO NOTHING`,
        [randomUUID(), JSON.stringify({ certificateId: id }), `certificate:${id}`],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

const kinds: Kind[] = ['sign-up', 'language', 'certificate'];
const until = performance.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: WRITERS }, async (_, w) => {
    const client = await pool.connect();
    try {
      for (let i = 0; performance.now() < until; i++) {
        const kind = kinds[(w + i) % kinds.length]!;
        const start = performance.now();
        await once(client, kind);
        times[kind].push(performance.now() - start);
      }
    } finally {
      client.release();
    }
  }),
);
await pool.end();

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const total = kinds.reduce((sum, kind) => sum + times[kind].length, 0);
console.log(
  `${WRITERS} writers for ${SECONDS} s on PostgreSQL (list_versions triggers: ${withListVersions ? 'yes' : 'no'})`,
);
console.log(`  all          ${(total / SECONDS).toFixed(0)} transactions/s`);
for (const kind of kinds) {
  const sorted = times[kind].sort((a, b) => a - b);
  console.log(
    `  ${kind.padEnd(12)} ${(sorted.length / SECONDS).toFixed(0).padStart(5)}/s  p50 ${at(sorted, 0.5).toFixed(1)} ms  p99 ${at(sorted, 0.99).toFixed(1)} ms`,
  );
}
