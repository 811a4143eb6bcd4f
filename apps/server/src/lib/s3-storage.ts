import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config, S3Config } from '../config';
import { makeWorkFolder, removeWorkFolder } from './work-folders';
import { contentTypeOf, createLocalStorage, checkedKey, USAGE_MAX_FILES } from './storage';
import type { Storage } from './storage';

/**
 * Files in an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Ceph RGW), when
 * S3_BUCKET is set: the same `Storage` as the local disk, so no caller knows which it has.
 *
 * - One bucket holds both storages, each under its own prefix: `<S3_PREFIX>uploads/` (public,
 *   served by GET /uploads) and `<S3_PREFIX>private/` (certificates). A storage never reads or
 *   lists outside its prefix.
 * - `put` streams through a multipart upload of S3_PART_BYTES parts, S3_QUEUE_SIZE of them in
 *   flight: memory stays near part × (queue + 1) whatever the file's size. The object appears
 *   only when the upload completes (S3's own atomicity, as the local disk's rename); a source
 *   that fails or is cut off aborts the multipart upload, so nothing is left behind.
 * - `removeLeftovers` aborts the multipart uploads a crash left (none of this process's, none
 *   written to for `idleMs`). A bucket lifecycle rule "abort incomplete multipart uploads after
 *   one day" is still advised: some S3-compatible stores do not list multipart uploads, and then
 *   there is nothing this sweep can see.
 * - Programs that read files (ffmpeg) get a temporary local copy (`withLocalFile`).
 */

/** The part size of a multipart upload: S3's minimum is 5 MB. */
const S3_PART_BYTES = 8 * 1024 * 1024;
/** Parts sent at once by one upload. */
const S3_QUEUE_SIZE = 2;

/** At most this many pages (1000 each) of multipart uploads looked at by one sweep. */
const LEFTOVER_PAGES = 20;

type StorageFolder = 'uploads' | 'private';

export function s3ClientOf(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // default (a CRC32 trailer on every upload), and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // GET /uploads holds one connection per file being sent (a video watched to its end), so the
    // pool is larger than the SDK's 50; a store that does not answer is given up on quickly.
    requestHandler: {
      connectionTimeout: 5000,
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string }).name;

/** "No such object". (A HEAD has no body: a missing bucket looks the same; the start checks it.) */
function isNotFound(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'NotFound' || name === 'NoSuchKey' || statusOf(error) === 404;
}

function isNotImplemented(error: unknown): boolean {
  return nameOf(error) === 'NotImplemented' || statusOf(error) === 501;
}

/**
 * At start: the bucket must answer (HeadBucket). It is never created here: a missing bucket, a
 * wrong endpoint or refused credentials stop the start with a message that says which setting
 * to look at.
 */
export async function checkBucket(config: S3Config): Promise<void> {
  const client = s3ClientOf(config);
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    // The operator's words at start (printed before exit, as config.ts's are), not a user's.
    const status = statusOf(error);
    let reason = `${nameOf(error) ?? 'error'}: ${(error as Error).message || 'no answer'}`;
    // eslint-disable-next-line catalogue/no-literal-reply -- the operator's start-up message
    if (status === 404) reason = 'it does not exist';
    if (status === 403 || status === 401) {
      // eslint-disable-next-line catalogue/no-literal-reply -- the operator's start-up message
      reason = 'access is refused (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)';
    }
    const where = config.endpoint ? ` at ${config.endpoint}` : '';
    throw new Error(
      `S3_BUCKET "${config.bucket}"${where} cannot be used: ${reason}. ` +
        'The bucket is not created by the server; create it, or correct S3_BUCKET, S3_ENDPOINT ' +
        'and S3_REGION.',
      { cause: error },
    );
  } finally {
    client.destroy();
  }
}

/** The storage of `folder`: in the object store when S3 is configured, else `dataDir/<folder>`. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>, folder: StorageFolder) {
  return config.s3
    ? createS3Storage(config.s3, folder)
    : createLocalStorage(path.join(config.dataDir, folder));
}

export function createS3Storage(
  config: S3Config,
  folder: StorageFolder,
  client: S3Client = s3ClientOf(config),
): Storage {
  const Bucket = config.bucket;
  const base = `${config.prefix}${folder}/`;
  const objectKey = (key: string) => base + checkedKey(key);
  /** Object keys this process is uploading now: never a leftover, however slow the client. */
  const writing = new Set<string>();

  /** The last time anything was written to a multipart upload (its last part, or its start). */
  const lastWriteOf = async (Key: string, UploadId: string, initiated: number) => {
    let last = initiated;
    let PartNumberMarker: string | undefined;
    // At most 10,000 parts (S3's limit): 10 pages.
    for (let page = 0; page < 10; page += 1) {
      const parts = await client.send(
        new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker }),
      );
      for (const part of parts.Parts ?? []) {
        last = Math.max(last, part.LastModified?.getTime() ?? 0);
      }
      if (!parts.IsTruncated || !parts.NextPartNumberMarker) break;
      PartNumberMarker = parts.NextPartNumberMarker;
    }
    return last;
  };

  const read = (key: string, range?: { start: number; end: number }): Readable => {
    const Key = objectKey(key);
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    // The request is made when the stream is first read; destroying the stream ends the body's
    // connection (the generator's `return` reaches the body's iterator).
    return Readable.from(
      (async function* () {
        const object = await client.send(new GetObjectCommand({ Bucket, Key, Range }));
        yield* object.Body as Readable;
      })(),
      { objectMode: false },
    );
  };

  return {
    async put(key, source) {
      const Key = objectKey(key);
      let size = 0;
      let sourceError: unknown;
      const counted = async function* (stream: Readable) {
        try {
          for await (const chunk of stream) {
            size += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      };
      const body = Buffer.isBuffer(source)
        ? source
        : Readable.from(counted(source), { objectMode: false });
      if (Buffer.isBuffer(source)) size = source.length;
      // Parts are aborted here, not by the SDK: its own abort, when refused, would hide the
      // source's error (a client that cut its upload off must get that error, not the store's).
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: contentTypeOf(key) },
        partSize: S3_PART_BYTES,
        queueSize: S3_QUEUE_SIZE,
        leavePartsOnError: true,
      });
      writing.add(Key);
      try {
        await upload.done();
      } catch (error) {
        if (!Buffer.isBuffer(source)) {
          (body as Readable).destroy();
          source.destroy();
        }
        if (upload.uploadId) {
          // Not aborted (the store is unreachable, or does not abort): the sweep, or the
          // bucket's lifecycle rule, takes the parts later; they are never a visible object.
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: upload.uploadId }))
            .catch(() => undefined);
        }
        throw sourceError ?? error;
      } finally {
        writing.delete(Key);
      }
      return { size };
    },
    read,
    async stat(key) {
      const Key = objectKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds in S3, as `rm --force` does on the disk.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async withLocalFile(key, use) {
      objectKey(key);
      // Named after this process, so that a later start removes it if this one is killed.
      const dir = await makeWorkFolder('s3');
      try {
        // The key's own name (a uuid and its extension): ffmpeg sees the same kind of file.
        const file = path.join(dir, path.posix.basename(key));
        await pipeline(read(key), createWriteStream(file));
        return await use(file);
      } finally {
        await removeWorkFolder(dir);
      }
    },
    async removeLeftovers(idleMs) {
      const before = Date.now() - idleMs;
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (let page = 0; page < LEFTOVER_PAGES; page += 1) {
        let listed;
        try {
          listed = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix: base, KeyMarker, UploadIdMarker }),
          );
        } catch (error) {
          // A store that cannot list them: its lifecycle rule is what removes them.
          if (isNotImplemented(error)) return removed;
          throw error;
        }
        for (const upload of listed.Uploads ?? []) {
          const { Key, UploadId } = upload;
          if (!Key?.startsWith(base) || !UploadId || writing.has(Key)) continue;
          const initiated = upload.Initiated?.getTime() ?? 0;
          if (initiated >= before) continue;
          // Started long ago is not enough: a slow upload of a long video is still written to.
          if ((await lastWriteOf(Key, UploadId, initiated)) >= before) continue;
          try {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
            removed += 1;
          } catch (error) {
            // Completed or aborted by its own process meanwhile.
            if (nameOf(error) !== 'NoSuchUpload' && statusOf(error) !== 404) throw error;
          }
        }
        if (!listed.IsTruncated) break;
        KeyMarker = listed.NextKeyMarker;
        UploadIdMarker = listed.NextUploadIdMarker;
      }
      return removed;
    },
    async usage(maxFiles = USAGE_MAX_FILES) {
      let files = 0;
      let bytes = 0;
      let ContinuationToken: string | undefined;
      do {
        const listed = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: base,
            ContinuationToken,
            // One more than still counted: enough to tell that there were more.
            MaxKeys: Math.max(1, Math.min(1000, maxFiles - files + 1)),
          }),
        );
        for (const object of listed.Contents ?? []) {
          if (files >= maxFiles) return { files, bytes, complete: false };
          files += 1;
          bytes += object.Size ?? 0;
        }
        ContinuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return { files, bytes, complete: true };
    },
  };
}
