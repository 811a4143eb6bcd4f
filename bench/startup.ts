/**
 * Start-up benchmark (issue 13, point 4): the server as `npm start` runs it (the bundle built
 * by apps/server/scripts/build.mjs, plain node) against the same code through tsx, in turn in
 * one run, on the embedded database (first start with its initdb and demo catalogue, then a
 * restart on the same folder) and on PostgreSQL (a fresh database per start). Reports the time
 * from spawn to the first answer of /api/health, and the resident memory of the whole process
 * tree (tsx runs the server in a child node) after 20 catalogue reads.
 *
 *   npm run bench -- startup              (or: npx tsx bench/startup.ts [runs])
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres for PostgreSQL (default)
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const runs = Number(process.argv[2] ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Variant = 'bundle' | 'tsx';
const command: Record<Variant, string[]> = {
  bundle: [process.execPath, '--enable-source-maps', 'dist/main.mjs'],
  tsx: [path.join(root, 'node_modules/.bin/tsx'), 'src/main.ts'],
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident memory (MB) of a process and all its descendants, from /proc. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let kb = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop()!;
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // gone
    }
    stack.push(...(children.get(current) ?? []));
  }
  return Math.round(kb / 1024);
}

async function startOnce(variant: Variant, env: Record<string, string>) {
  const port = await freePort();
  const [bin, ...args] = command[variant];
  const started = performance.now();
  const child = spawn(bin!, args, {
    cwd: serverDir,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  let readyMs = NaN;
  for (;;) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${variant} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  for (let i = 0; i < 20; i += 1) await (await fetch(`${base}/api/course/free`)).arrayBuffer();
  const rss = treeRss(child.pid!);
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await gone;
  return { readyMs, rss };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  if (!existsSync(path.join(serverDir, 'dist/main.mjs'))) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  let postgres = true;
  try {
    await admin.connect();
  } catch {
    postgres = false;
    console.log(`PostgreSQL skipped: cannot connect to ${adminUrl}`);
  }
  const scenarios = ['pglite first start', 'pglite restart', ...(postgres ? ['postgres'] : [])];
  const results = new Map<string, { readyMs: number[]; rss: number[] }>();
  const common = { JWT_SECRET: randomBytes(32).toString('hex'), SEED_DEMO: 'true' };
  for (let run = 0; run < runs; run += 1) {
    // Alternate the order, so neither variant always runs on a warmer machine.
    const variants: Variant[] = run % 2 === 0 ? ['bundle', 'tsx'] : ['tsx', 'bundle'];
    for (const variant of variants) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-bench-start-'));
      const env: Record<string, string> = { ...common, DATA_DIR: dataDir };
      const record = (scenario: string, figures: { readyMs: number; rss: number }) => {
        const key = `${scenario}|${variant}`;
        const entry = results.get(key) ?? { readyMs: [], rss: [] };
        entry.readyMs.push(figures.readyMs);
        entry.rss.push(figures.rss);
        results.set(key, entry);
      };
      record('pglite first start', await startOnce(variant, env));
      record('pglite restart', await startOnce(variant, env));
      if (postgres) {
        const name = `ishuri_bench_${randomBytes(4).toString('hex')}`;
        await admin.query(`create database ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        record('postgres', await startOnce(variant, { ...env, DATABASE_URL: url.toString() }));
        await admin.query(`drop database ${name} with (force)`);
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (postgres) await admin.end();

  console.log(`\nmedian of ${runs} starts; memory = resident set of the whole process tree`);
  console.log('scenario            | variant | ready ms | RSS MB | ready ratio | RSS ratio');
  for (const scenario of scenarios) {
    const tsx = results.get(`${scenario}|tsx`)!;
    const bundle = results.get(`${scenario}|bundle`)!;
    for (const [variant, entry] of [
      ['tsx', tsx],
      ['bundle', bundle],
    ] as const) {
      const ready = median(entry.readyMs);
      const rss = median(entry.rss);
      const readyRatio = (ready / median(tsx.readyMs)).toFixed(2);
      const rssRatio = (rss / median(tsx.rss)).toFixed(2);
      console.log(
        `${scenario.padEnd(19)} | ${variant.padEnd(7)} | ${String(Math.round(ready)).padStart(8)} | ${String(rss).padStart(6)} | ${readyRatio.padStart(11)} | ${rssRatio.padStart(9)}`,
      );
    }
  }
}

await main();
