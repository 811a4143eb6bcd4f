import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoProcesses } from '../test/server';
import type { TestServer } from '../test/server';

// Periodic work is scheduled jobs (lib/jobs.ts): each period's job is written once, whichever
// processes run, and run by one of them.

let server: TestServer;
let other: TestServer;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ server, other, close } = await startTwoProcesses());
});

afterAll(async () => {
  await close?.();
});

async function rowsOf(types: string[]) {
  const result = (await server.ctx.database.db.execute(
    sql`select type, status, dedupe_key as key from jobs
      where type in (${sql.join(
        types.map((type) => sql`${type}`),
        sql`, `,
      )}) order by created_at`,
  )) as unknown as { rows: { type: string; status: string; key: string }[] };
  return result.rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduled jobs', () => {
  it('the clean-ups run as jobs, once for the two processes', async () => {
    const types = ['resumable-uploads-sweep', 'upload-leftovers', 'video-upkeep'];
    let rows: Awaited<ReturnType<typeof rowsOf>> = [];
    for (let i = 0; i < 200; i++) {
      rows = await rowsOf(types);
      if (rows.length >= 3 && rows.every((row) => row.status === 'done')) break;
      await sleep(100);
    }
    // One job a type (two only if the test crossed the start of a period: 15 min, 1 h).
    for (const type of types) {
      const ofType = rows.filter((row) => row.type === type);
      expect(ofType.length, type).toBeGreaterThanOrEqual(1);
      expect(ofType.length, type).toBeLessThanOrEqual(2);
      expect(ofType.map((row) => row.status)).toEqual(ofType.map(() => 'done'));
    }
  });

  it('a job every second runs once a second across both processes, not once in each', async () => {
    const runs: string[] = [];
    server.ctx.jobs.schedule('test-every-second', 1000, async () => {
      runs.push('one');
    });
    other.ctx.jobs.schedule('test-every-second', 1000, async () => {
      runs.push('two');
    });
    await sleep(4200);
    const rows = await rowsOf(['test-every-second']);
    // 4.2 s span 5 or 6 periods of the clock; two processes each running its own would make
    // 10 or more runs.
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(6);
    expect(rows.filter((row) => row.status === 'done')).toHaveLength(runs.length);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });
});
