import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from '@playwright/test';
import { findSecrets } from '../../../server/src/test/log-scan';
import { startSmtpCapture } from './smtp-capture';
import { tokenViaApi } from './users';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.resolve(webDir, '../server');
const webDist = path.join(webDir, 'dist');

export const ADMIN_EMAIL = 'admin@e2e.ishuri.test';
export const ADMIN_PASSWORD = 'e2e-admin-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url: string, exited: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the server stopped during start');
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts what the suite runs against: a capturing SMTP server, then the REAL server as
 * `npm start` runs it (the bundle apps/server/dist/main.mjs, rebuilt here in well under a
 * second so that it is never older than the sources) on a free port, a fresh data folder (embedded
 * PGlite), serving the built web app. Tests read the address and the mail folder from
 * E2E_* environment variables; the returned function stops everything.
 */
/** @public Named in playwright.config.ts by its path. */
export default async function globalSetup() {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @ishuri/web` first');
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ishuri-e2e-'));
  const mailDir = path.join(tmp, 'mail');
  const smtp = await startSmtpCapture(mailDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(tmp, 'server.log');
  const log = createWriteStream(logFile);

  // Always the embedded database, whatever the calling shell has configured.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.mjs'], {
    cwd: serverDir,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: path.join(tmp, 'data'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'false',
      WEB_DIST: webDist,
      // The API sign-ins of the tests name their own address (X-Forwarded-For, see users.ts): a
      // fast run signs in more than the 100 a 15-minute window allows one address.
      TRUST_PROXY: 'true',
      // Debug level, so that the scan at the end sees everything the server would ever log.
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'debug',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    }
    await smtp.close();
    await new Promise((resolve) => log.end(resolve));
    // The server's log of the whole run must hold no hash, token or code (issue 10).
    const offending = existsSync(logFile)
      ? findSecrets('server.log', readFileSync(logFile, 'utf8'))
      : [];
    if (offending.length > 0) {
      throw new Error(
        `The server log of this run holds secrets (kept in ${tmp}):\n${offending.slice(0, 50).join('\n')}`,
      );
    }
    if (process.env.E2E_KEEP_DATA) console.log(`e2e data kept in ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  };

  try {
    // A busy machine may need longer: E2E_START_TIMEOUT_MS.
    await waitUntilHealthy(
      `${baseURL}/api/health`,
      () => exited,
      Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000),
    );
  } catch (error) {
    const output = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    await stop().catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
  process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;

  // The admin signs in once for the whole run: a sign-in replaces the previous code, so workers
  // signing the same admin in at the same moment would spoil each other's codes.
  try {
    const context = await request.newContext({ baseURL });
    process.env.E2E_ADMIN_TOKEN = await tokenViaApi(context, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    await context.dispose();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return stop;
}
