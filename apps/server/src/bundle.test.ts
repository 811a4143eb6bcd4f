import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBundle, startBuilt, stopBuilt, untilAnswers } from './test/built-server';

let outDir: string | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ishuri-bundle-'));
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (what npm start runs)', () => {
  it('starts with plain node, migrates an empty embedded database and answers', async () => {
    outDir = buildBundle('bundle');
    const bundle = readFileSync(path.join(outDir, 'main.mjs'), 'utf8');
    // Our code and the contract are inside; no TypeScript loader is needed or imported.
    expect(bundle).not.toMatch(/from ["']tsx/);
    expect(bundle).not.toMatch(/from ["']@ishuri\/contract["']/);
    // The object store's client and Redis's are loaded only when configured (their own chunks).
    expect(bundle).not.toMatch(/from ["'](@aws-sdk\/[a-z-]+|ioredis)["']/);
    expect(bundle).toMatch(/import\(["']\.\/chunks\/s3-storage-[A-Z0-9]+\.mjs["']\)/);

    const server = await startBuilt(outDir, {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    try {
      expect(await untilAnswers(server, '/api/health'), server.output()).toBe(true);
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status, server.output()).toBe(200);
      expect(await health.json()).toEqual({ data: { status: 'ok', database: 'pglite' } });
      // The migrations travelled with the bundle: the tables exist.
      const courses = await fetch(`${server.baseUrl}/api/course/free`);
      expect(courses.status).toBe(200);
      expect(await courses.json()).toEqual({ data: [], total: 0 });
    } finally {
      await stopBuilt(server);
    }
    // Building the bundle and a first start with migrations: slow on a busy 2-core machine.
  }, 180_000);
});
