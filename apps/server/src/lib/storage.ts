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
  /**
   * A stored file's size and time, or null when there is no such file. Any other failure (a
   * disk or an object store that cannot be read) rejects: a readiness check relies on it.
   */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  delete(key: string): Promise<void>;
  /**
   * Runs `use` with a path on the local disk holding the file, for programs that read files
   * (ffmpeg). The local disk gives its own file; an object store downloads it (streamed) into a
   * temporary folder that is removed when `use` settles.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /**
   * Removes the temporary files of writes that a crash cut off: those not written to for
   * `idleMs`. A live upload writes to its file all the time, so it is never taken for one.
   * Returns how many were removed.
   */
  removeLeftovers(idleMs: number): Promise<number>;
  /**
   * What the storage holds, for the admin's System screen: counted over at most `maxFiles` files
   * (`complete` false when there were more).
   */
  usage(maxFiles?: number): Promise<StorageUsage>;
}

export interface StorageUsage {
  files: number;
  bytes: number;
  complete: boolean;
}

/** The most files one usage count reads. */
export const USAGE_MAX_FILES = 100_000;

/** Temporary files of a write in progress: `.<uuid>.part` beside the final file. */
const partPattern = /^\.[0-9a-f-]{36}\.part$/;

const keyPattern = /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/;

/** Whether a string is a key the storage accepts (no `..`, no absolute path, no odd characters). */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key) && !key.includes('..');
}

/**
 * The Content-Type of a stored file, by its extension: the types @fastify/static gives the same
 * files on the local disk (text with `charset=utf-8`). Keys are made by the server, so these are
 * all the kinds there are; anything else is sent as bytes.
 */
const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  m4a: 'audio/mp4',
  vtt: 'text/vtt; charset=utf-8',
  pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (ext && contentTypes[ext]) || 'application/octet-stream';
}

/** The key itself, after refusing one the storage does not accept (every storage's methods). */
export function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
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
    const full = path.resolve(root, checkedKey(key));
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
      const file = resolve(key);
      try {
        const info = await stat(file);
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
      } catch (error) {
        // No such file (or a file where a folder of the key should be): null. Anything else
        // (permissions, an unmounted volume) is a failure the caller must see.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async withLocalFile(key, use) {
      return await use(resolve(key));
    },
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
    async usage(maxFiles = USAGE_MAX_FILES) {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return { files: 0, bytes: 0, complete: true };
      }
      let files = 0;
      let bytes = 0;
      for (const entry of entries) {
        if (!entry.isFile() || partPattern.test(entry.name)) continue;
        if (files >= maxFiles) return { files, bytes, complete: false };
        const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (!info) continue;
        files += 1;
        bytes += info.size;
      }
      return { files, bytes, complete: true };
    },
  };
}
