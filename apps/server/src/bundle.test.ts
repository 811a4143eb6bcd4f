import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Below node_modules, so that the bundle finds its dependencies as dist/ does, and ignored by git.
const outDir = path.join(
  serverDir,
  'node_modules/.cache',
  `bundle-${randomBytes(4).toString('hex')}`,
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-bundle-'));
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (what npm start runs)', () => {
  it('starts with plain node, migrates an empty embedded database and answers', async () => {
    execFileSync(process.execPath, ['scripts/build.mjs', outDir], { cwd: serverDir });
    const bundle = readFileSync(path.join(outDir, 'main.mjs'), 'utf8');
    // Our code and the contract are inside; no TypeScript loader is needed or imported.
    expect(bundle).not.toMatch(/from ["']tsx/);
    expect(bundle).not.toMatch(/from ["']@ishuri\/contract["']/);
    // The object store's client and Redis's are loaded only when configured (their own chunks).
    expect(bundle).not.toMatch(/from ["'](@aws-sdk\/[a-z-]+|ioredis)["']/);
    expect(bundle).toMatch(/import\(["']\.\/chunks\/s3-storage-[A-Z0-9]+\.mjs["']\)/);

    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [path.join(outDir, 'main.mjs')], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let health: Response | undefined;
      for (let i = 0; i < 600 && !health; i += 1) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status, output).toBe(200);
      expect(await health!.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });
      // The migrations travelled with the bundle: the tables exist.
      const courses = await fetch(`http://127.0.0.1:${port}/api/course/free`);
      expect(courses.status).toBe(200);
      expect(await courses.json()).toEqual({ data: [], total: 0 });
    } finally {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  });
});
