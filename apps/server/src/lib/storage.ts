import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uuidv7 } from './ids';

/**
 * Where files live. Keys are made by the server (random names under a folder such as
 * `images/`); a client's file name never becomes a path. The local disk is the default.
 */
export interface Storage {
  /** Streams `source` to `key`, atomically: on any error nothing is left behind. */
  put(key: string, source: Readable | Buffer): Promise<{ size: number }>;
  /** Reads a whole file or a byte range (inclusive `end`). */
  read(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  delete(key: string): Promise<void>;
  /** The absolute path of a key (local disk only; for serving with sendFile and for tests). */
  pathOf(key: string): string;
  /**
   * Removes the temporary files of writes that a crash cut off: those not written to for
   * `idleMs`. A live upload writes to its file all the time, so it is never taken for one.
   * Returns how many were removed.
   */
  removeLeftovers(idleMs: number): Promise<number>;
}

/** Temporary files of a write in progress: `.<uuid>.part` beside the final file. */
const partPattern = /^\.[0-9a-f-]{36}\.part$/;

const keyPattern = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/** Whether a string is a key the storage accepts (no `..`, no absolute path, no odd characters). */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key) && !key.includes('..');
}

/** Where public files are served: `/uploads/<key>`. */
export const UPLOADS_PREFIX = '/uploads/';

export const publicUrlOf = (key: string) => UPLOADS_PREFIX + key;

/** The storage key behind a `/uploads/...` URL, or null for anything else. */
export function keyOfPublicUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isStorageKey(key) ? key : null;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('key escapes storage');
    return full;
  };
  /** Temporary files this process is writing now: never a leftover, however slow the client. */
  const writing = new Set<string>();
  return {
    async put(key, source) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(path.dirname(target), `.${uuidv7()}.part`);
      writing.add(temp);
      const out = createWriteStream(temp);
      try {
        if (Buffer.isBuffer(source)) {
          await new Promise<void>((ok, fail) => {
            out.on('error', fail);
            out.end(source, () => ok());
          });
        } else {
          await pipeline(source, out);
        }
        await rename(temp, target);
      } catch (error) {
        // A source that fails at once rejects the pipeline before the file is even open: wait
        // until it is closed, or the removal comes first and the file is created after it.
        if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
        await rm(temp, { force: true });
        throw error;
      } finally {
        writing.delete(temp);
      }
      const info = await stat(target);
      return { size: info.size };
    },
    read(key, range) {
      return createReadStream(resolve(key), range);
    },
    async stat(key) {
      try {
        const info = await stat(resolve(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    pathOf: resolve,
    async removeLeftovers(idleMs) {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return 0; // no folder yet: nothing was ever written
      }
      const before = Date.now() - idleMs;
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !partPattern.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (writing.has(file)) continue;
        const info = await stat(file).catch(() => null);
        if (info && info.mtimeMs < before) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
