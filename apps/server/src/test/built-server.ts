import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built server (`node dist/main.mjs`, as `npm start` runs it) for the tests that run it as a
 * process of its own: the bundle built once per test file, processes started from it with their
 * own environment and their output kept, a wait until one answers, a stop.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the bundle into a folder of its own (below node_modules, so that it finds its
 * dependencies as dist/ does, and ignored by git), and returns that folder; the caller removes it.
 */
export function buildBundle(name: string): string {
  const outDir = path.join(
    serverDir,
    'node_modules/.cache',
    `${name}-${randomBytes(4).toString('hex')}`,
  );
  execFileSync(process.execPath, ['scripts/build.mjs', outDir], { cwd: serverDir });
  return outDir;
}

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote so far, standard output and error. */
  output: () => string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the bundle in `outDir` on a free port with `env` (and only PATH of this process's). */
export async function startBuilt(
  outDir: string,
  env: Record<string, string | undefined>,
): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(outDir, 'main.mjs')], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

/** Whether `path` answers 200 within two minutes (false at once if the process exits). */
export async function untilAnswers(server: BuiltServer, path = '/api/ready'): Promise<boolean> {
  for (let i = 0; i < 1200; i += 1) {
    if (server.child.exitCode !== null) return false;
    const answer = await fetch(`${server.baseUrl}${path}`).catch(() => undefined);
    if (answer?.status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** Stops the process with SIGTERM and waits for it to exit. */
export async function stopBuilt(server: BuiltServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const gone = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await gone;
}
