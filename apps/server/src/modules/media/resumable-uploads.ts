import { randomBytes } from 'node:crypto';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { uploadReservations } from '../../db/schema';

/**
 * The folder of resumable (tus) uploads, in the data folder beside `uploads/` but never served:
 * each upload is a data file named by its id and its record `<id>.json` (@tus/file-store),
 * whose metadata names the user who created it (`owner`). An upload lives here until it is used
 * by a lesson (copied into storage, then removed), cancelled, or expired. Only an upload being
 * created has a database row (`upload_reservations`, see reserveResumableUpload).
 */
export interface ResumableUploadOptions {
  /** Uploads a user may hold at once, finished or not, that no lesson has used yet. */
  maxOpenPerUser: number;
  /** An unfinished upload expires this long after its creation (tus `Upload-Expires`). */
  expiryMs: number;
  /** A finished upload no lesson has used is removed this long after its last byte. */
  finishedKeepMs: number;
  /** How often the clean-up runs. */
  cleanUpEveryMs: number;
  /** At most this many uploads are removed by one clean-up (the next one goes on). */
  cleanUpBatch: number;
}

export const defaultResumableUploadOptions: ResumableUploadOptions = {
  maxOpenPerUser: 3,
  expiryMs: 24 * 60 * 60 * 1000,
  finishedKeepMs: 24 * 60 * 60 * 1000,
  cleanUpEveryMs: 15 * 60 * 1000,
  cleanUpBatch: 200,
};

/** What of the server's configuration the uploads read (a structural part of `Config`). */
interface ResumableUploadsConfig {
  dataDir: string;
  resumableUploads?: Partial<ResumableUploadOptions>;
}

export function resumableOptionsOf(config: ResumableUploadsConfig): ResumableUploadOptions {
  return { ...defaultResumableUploadOptions, ...config.resumableUploads };
}

/**
 * On the local disk whatever the storage (an object store too, S3_BUCKET): @tus/file-store
 * appends each chunk to a file. With several processes the next chunk of an upload may reach
 * another one, so this folder must then be a volume they share. A finished upload goes into
 * storage only through `ctx.files.put` (modules/media/uploads.ts, claimResumableVideo).
 */
export function resumableFolderOf(config: ResumableUploadsConfig): string {
  return path.join(config.dataDir, 'tus');
}

/** Ids are made here: 32 lowercase hex digits. Anything else is no upload (never a path). */
const idPattern = /^[0-9a-f]{32}$/;

export const newResumableUploadId = () => randomBytes(16).toString('hex');

export function isResumableUploadId(value: unknown): value is string {
  return typeof value === 'string' && idPattern.test(value);
}

export interface ResumableUpload {
  id: string;
  /** The user who created it; null for a record without one (never anyone's). */
  owner: string | null;
  /** The declared length (Upload-Length). */
  size: number;
  /** Bytes received so far. */
  offset: number;
  complete: boolean;
  createdAt: Date;
  lastWriteAt: Date;
  /** The data file. */
  file: string;
}

interface StoredRecord {
  size?: unknown;
  creation_date?: unknown;
  metadata?: { owner?: unknown } | null;
}

/** An upload of the folder, or null when there is none under this id. */
export async function readResumableUpload(
  folder: string,
  id: string,
): Promise<ResumableUpload | null> {
  if (!isResumableUploadId(id)) return null;
  const file = path.join(folder, id);
  let record: StoredRecord;
  try {
    record = JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredRecord;
  } catch {
    return null;
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const size = typeof record.size === 'number' ? record.size : Number.NaN;
  const created = new Date(typeof record.creation_date === 'string' ? record.creation_date : 0);
  const owner = record.metadata?.owner;
  return {
    id,
    owner: typeof owner === 'string' && owner !== '' ? owner : null,
    size,
    offset: info.size,
    complete: Number.isFinite(size) && info.size === size,
    createdAt: Number.isNaN(created.getTime()) ? new Date(0) : created,
    lastWriteAt: info.mtime,
    file,
  };
}

/** Whether an upload is past its time: unfinished after `expiryMs`, finished after `finishedKeepMs`. */
export function isExpired(
  upload: ResumableUpload,
  options: ResumableUploadOptions,
  now = Date.now(),
): boolean {
  return upload.complete
    ? upload.lastWriteAt.getTime() + options.finishedKeepMs < now
    : upload.createdAt.getTime() + options.expiryMs < now;
}

/** Removes an upload's data file and record; never fails for one already gone. */
export async function removeResumableUpload(folder: string, id: string): Promise<void> {
  if (!isResumableUploadId(id)) return;
  await rm(path.join(folder, id), { force: true });
  await rm(path.join(folder, `${id}.json`), { force: true });
}

/** The ids of the folder's uploads (records and data files alike, each once). */
async function uploadIds(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const ids = new Set<string>();
  for (const name of names) {
    const id = name.endsWith('.json') ? name.slice(0, -5) : name;
    if (isResumableUploadId(id)) ids.add(id);
  }
  return [...ids];
}

/** The ids of the live uploads (finished or not, not yet used) a user holds. */
async function openUploadIds(
  folder: string,
  owner: string,
  options: ResumableUploadOptions,
): Promise<string[]> {
  const open: string[] = [];
  const now = Date.now();
  for (const id of await uploadIds(folder)) {
    const upload = await readResumableUpload(folder, id);
    if (upload?.owner === owner && !isExpired(upload, options, now)) open.push(id);
  }
  return open;
}

/**
 * A reservation older than this belongs to a creation whose process died before removing it:
 * it no longer counts (a creation's files exist within a second of its reservation).
 */
export const RESERVATION_LIFETIME_MS = 5 * 60 * 1000;

/**
 * "At most `maxOpenPerUser` open uploads per user", counted where every process sees it
 * (issue 29, point 9): under a lock per user in the database (a transaction-level advisory
 * lock, so the processes take turns and a crash releases it), the user's uploads in the shared
 * folder and the reservations of creations still under way in any process are counted
 * together (the same id once); below the limit a new id is reserved and returned, else null.
 * The caller creates the upload under that id, then removes the reservation.
 */
export async function reserveResumableUpload(
  db: Db,
  folder: string,
  owner: string,
  options: ResumableUploadOptions,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ishuri-upload:${owner}`}))`);
    const since = new Date(Date.now() - RESERVATION_LIFETIME_MS);
    await tx
      .delete(uploadReservations)
      .where(and(eq(uploadReservations.ownerId, owner), lte(uploadReservations.createdAt, since)));
    const reserved = await tx
      .select({ id: uploadReservations.id })
      .from(uploadReservations)
      .where(and(eq(uploadReservations.ownerId, owner), gt(uploadReservations.createdAt, since)));
    const open = new Set(reserved.map((row) => row.id));
    for (const id of await openUploadIds(folder, owner, options)) open.add(id);
    if (open.size >= options.maxOpenPerUser) return null;
    const id = newResumableUploadId();
    await tx.insert(uploadReservations).values({ id, ownerId: owner });
    return id;
  });
}

/** Ends a reservation once its upload exists in the folder (or its creation failed). */
export async function releaseResumableUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploadReservations).where(eq(uploadReservations.id, id));
}

/**
 * Removes expired uploads, one at a time and at most `cleanUpBatch` per run, and the halves of
 * uploads a crash cut between their two files (once as old as an unfinished upload may be).
 * Returns how many were removed.
 */
export async function cleanUpResumableUploads(
  config: ResumableUploadsConfig,
  log: FastifyBaseLogger,
): Promise<number> {
  const folder = resumableFolderOf(config);
  const options = resumableOptionsOf(config);
  const now = Date.now();
  let removed = 0;
  for (const id of await uploadIds(folder)) {
    if (removed >= options.cleanUpBatch) break;
    const upload = await readResumableUpload(folder, id);
    let expired: boolean;
    if (upload) expired = isExpired(upload, options, now);
    else {
      // Only one of the two files: old enough, it belongs to no upload in progress.
      const times = await Promise.all(
        [id, `${id}.json`].map((name) => stat(path.join(folder, name)).catch(() => null)),
      );
      const newest = Math.max(0, ...times.map((info) => info?.mtimeMs ?? 0));
      expired = newest + options.expiryMs < now;
    }
    if (!expired) continue;
    try {
      await removeResumableUpload(folder, id);
      removed += 1;
    } catch (error) {
      log.warn({ err: error, id }, 'could not remove an expired resumable upload');
    }
  }
  return removed;
}
