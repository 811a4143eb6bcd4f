import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Secrets that must never reach a log line (issue 10, decisions.md §2). */
export const secretPatterns: { name: string; pattern: RegExp }[] = [
  { name: 'argon2 hash', pattern: /\$argon2(id|i|d)\$/ },
  { name: 'JWT', pattern: /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/ },
  { name: 'six-digit code', pattern: /(?<![0-9A-Za-z.:-])[0-9]{6}(?![0-9A-Za-z.:-])/ },
  { name: 'reset token (hex)', pattern: /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/i },
  {
    name: 'reset token (base64url)',
    pattern: /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
  },
];

/** Lines of the given log text that hold a secret, as "file:line: kind: text". */
export function findSecrets(file: string, content: string): string[] {
  const found: string[] = [];
  content.split('\n').forEach((line, index) => {
    for (const { name, pattern } of secretPatterns) {
      if (pattern.test(line)) {
        found.push(`${file}:${index + 1}: ${name}: ${line.slice(0, 500)}`);
        break;
      }
    }
  });
  return found;
}

export function scanLogFolder(dir: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.log'));
  } catch {
    return [];
  }
  return files.flatMap((name) => findSecrets(name, readFileSync(path.join(dir, name), 'utf8')));
}

/**
 * vitest globalSetup: every test server of the run logs at debug level into one folder; after
 * the last test, every line is scanned and the run fails on any hash, token or code.
 */
export default function setup() {
  const owned = !process.env.ISHURI_TEST_LOG_DIR;
  const dir =
    process.env.ISHURI_TEST_LOG_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'ishuri-logs-'));
  process.env.ISHURI_TEST_LOG_DIR = dir;
  return () => {
    if (!owned) return;
    const offending = scanLogFolder(dir);
    if (offending.length > 0) {
      // vitest reports an error thrown here but still exits with 0: the exit code says it.
      process.exitCode = 1;
      throw new Error(
        `The server log of this run holds secrets (kept in ${dir}):\n${offending.slice(0, 50).join('\n')}`,
      );
    }
    rmSync(dir, { recursive: true, force: true });
    delete process.env.ISHURI_TEST_LOG_DIR;
  };
}
