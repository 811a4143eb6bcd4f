import { existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateMultipartUploadCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../test/s3';
import type { TestS3 } from '../test/s3';
import { checkBucket, createS3Storage, createStorage } from './s3-storage';
import { createLocalStorage } from './storage';
import type { Storage } from './storage';

// One suite, run against the local disk and against a real S3-compatible server (s3rver): a
// caller of `Storage` must not be able to tell them apart.

let s3: TestS3;
const roots: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  await Promise.all(roots.map((root) => rm(root, { recursive: true, force: true })));
});

async function freshRoot() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'ishuri-storage-'));
  roots.push(root);
  return root;
}

/** A stream of `chunks`, then a failure (a client that cut its upload off). */
const failingAfter = (chunks: Buffer[]) =>
  Readable.from(
    (async function* () {
      for (const chunk of chunks) yield chunk;
      await new Promise((next) => setImmediate(next));
      throw new Error('refused');
    })(),
    { objectMode: false },
  );

/** The suite's own prefix in the bucket, so its counts see its files only. */
let suites = 0;

const backends: [string, () => Promise<{ files: Storage; listed: () => Promise<string[]> }>][] = [
  [
    'local disk',
    async () => {
      const root = await freshRoot();
      const files = createLocalStorage(root);
      const listed = async () =>
        (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
          .sort();
      return { files, listed };
    },
  ],
  [
    'S3-compatible store',
    async () => {
      suites += 1;
      const prefix = `suite-${suites}/`;
      const files = createS3Storage({ ...s3.config, prefix }, 'uploads');
      const base = `${prefix}uploads/`;
      const listed = async () => (await s3.keys(base)).map((key) => key.slice(base.length));
      return { files, listed };
    },
  ],
];

describe.each(backends)('storage on the %s', (name, make) => {
  let files: Storage;
  let listed: () => Promise<string[]>;
  beforeAll(async () => {
    ({ files, listed } = await make());
  });

  it('stores bytes and a stream, reads them whole and by range, and states their size', async () => {
    expect(await files.put('images/a.webp', Buffer.from('0123456789'))).toEqual({ size: 10 });
    const stream = Readable.from([Buffer.from('abc'), Buffer.from('defgh')]);
    expect(await files.put('videos/b.mp4', stream)).toEqual({ size: 8 });
    expect((await buffer(files.read('images/a.webp'))).toString()).toBe('0123456789');
    expect((await buffer(files.read('images/a.webp', { start: 2, end: 5 }))).toString()).toBe(
      '2345',
    );
    expect((await buffer(files.read('videos/b.mp4', { start: 7, end: 7 }))).toString()).toBe('h');
    const info = await files.stat('videos/b.mp4');
    expect(info?.size).toBe(8);
    expect(Math.abs(info!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await listed()).toEqual(['images/a.webp', 'videos/b.mp4']);
  });

  it('states null for a file that is not there, and deletes (a missing file too)', async () => {
    expect(await files.stat('images/none.webp')).toBeNull();
    // A "folder" of keys is no file.
    await files.put('videos/folder/x.mp4', Buffer.from('x'));
    expect(await files.stat('videos/folder')).toBeNull();
    await files.delete('videos/folder/x.mp4');
    await files.put('images/gone.webp', Buffer.from('x'));
    await files.delete('images/gone.webp');
    expect(await files.stat('images/gone.webp')).toBeNull();
    await files.delete('images/gone.webp');
    expect(await listed()).not.toContain('images/gone.webp');
  });

  it('replaces a file written again under its key', async () => {
    await files.put('captions/c.vtt', Buffer.from('first'));
    await files.put('captions/c.vtt', Readable.from([Buffer.from('second')]));
    expect((await buffer(files.read('captions/c.vtt'))).toString()).toBe('second');
  });

  it('leaves nothing behind a source that fails, small or past one multipart part', async () => {
    const before = await listed();
    await expect(files.put('videos/cut.mp4', failingAfter([Buffer.from('head')]))).rejects.toThrow(
      'refused',
    );
    // 9 MB: past the first 8 MB part of an object store's multipart upload.
    const big = [Buffer.alloc(4 * 1024 * 1024, 1), Buffer.alloc(5 * 1024 * 1024, 2)];
    await expect(files.put('videos/cut-big.mp4', failingAfter(big))).rejects.toThrow('refused');
    expect(await files.stat('videos/cut.mp4')).toBeNull();
    expect(await files.stat('videos/cut-big.mp4')).toBeNull();
    expect(await listed()).toEqual(before);
  });

  it('stores a file of several multipart parts whole', async () => {
    // 17 MB in 1 MB chunks: three parts in an object store.
    const chunk = (i: number) => Buffer.alloc(1024 * 1024, i);
    const size = await files.put(
      'videos/long.mp4',
      Readable.from(Array.from({ length: 17 }, (_, i) => chunk(i))),
    );
    expect(size).toEqual({ size: 17 * 1024 * 1024 });
    expect((await files.stat('videos/long.mp4'))?.size).toBe(17_825_792);
    // Bytes across the boundary of the first and second 8 MB parts.
    const across = await buffer(
      files.read('videos/long.mp4', { start: 8 * 1024 * 1024 - 2, end: 8 * 1024 * 1024 + 1 }),
    );
    expect([...across]).toEqual([7, 7, 8, 8]);
    await files.delete('videos/long.mp4');
  });

  it('refuses keys that would escape it, before touching anything', async () => {
    for (const key of ['../x.webp', '/etc/passwd', 'images/../../x', 'images/a\\b', '', 'x']) {
      await expect(files.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      expect(() => files.read(key), key).toThrow('invalid storage key');
      await expect(files.stat(key), key).rejects.toThrow('invalid storage key');
      await expect(files.delete(key), key).rejects.toThrow('invalid storage key');
      await expect(
        files.withLocalFile(key, async () => 'used'),
        key,
      ).rejects.toThrow('invalid storage key');
    }
  });

  it('lends a local file of a stored one, and removes a downloaded copy afterwards', async () => {
    await files.put('videos/local.mp4', Buffer.from('video bytes'));
    let seen = '';
    const answer = await files.withLocalFile('videos/local.mp4', async (file) => {
      seen = file;
      expect(path.basename(file)).toBe('local.mp4');
      return (await readFile(file)).toString();
    });
    expect(answer).toBe('video bytes');
    // The disk's own file stays; an object store's temporary copy is gone.
    expect(existsSync(seen)).toBe(name === 'local disk');
    // Gone even when the work fails.
    await expect(
      files.withLocalFile('videos/local.mp4', async (file) => {
        seen = file;
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(existsSync(seen)).toBe(name === 'local disk');
  });

  it('counts its files and bytes, at most maxFiles of them', async () => {
    const { files: fresh } = await make();
    for (const name of ['a', 'b', 'c']) await fresh.put(`images/${name}.webp`, Buffer.alloc(100));
    expect(await fresh.usage()).toEqual({ files: 3, bytes: 300, complete: true });
    expect(await fresh.usage(3)).toEqual({ files: 3, bytes: 300, complete: true });
    expect(await fresh.usage(2)).toEqual({ files: 2, bytes: 200, complete: false });
  });
});

describe('local disk only', () => {
  it('removes the part files of cut-off writes once idle, not those being written', async () => {
    const root = await freshRoot();
    const files = createLocalStorage(root);
    await mkdir(path.join(root, 'videos'), { recursive: true });
    const old = path.join(root, 'videos', '.0190a8f2-0000-7000-8000-000000000000.part');
    const fresh = path.join(root, 'videos', '.0190a8f2-0000-7000-8000-000000000001.part');
    await writeFile(old, 'cut off');
    await writeFile(fresh, 'being written');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(old, hourAgo, hourAgo);
    expect(await files.removeLeftovers(15 * 60 * 1000)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('states null only for a missing file; a file it cannot read is an error', async () => {
    const root = await freshRoot();
    const files = createLocalStorage(root);
    await mkdir(path.join(root, 'images'), { recursive: true });
    // A link to itself: stat fails with ELOOP, which is no "missing file".
    await symlink('loop.webp', path.join(root, 'images', 'loop.webp'));
    await expect(files.stat('images/loop.webp')).rejects.toThrow(/ELOOP/);
    expect(await files.stat('images/none.webp')).toBeNull();
  });
});

describe('S3-compatible store only', () => {
  it('keeps the public and the private storage apart in one bucket, under the prefix', async () => {
    const config = { dataDir: '/nonexistent', s3: { ...s3.config, prefix: 'apart/' } };
    const uploads = createStorage(config, 'uploads');
    const privateFiles = createStorage(config, 'private');
    await uploads.put('images/same.webp', Buffer.from('public'));
    await privateFiles.put('images/same.webp', Buffer.from('private'));
    expect(await s3.keys('apart/')).toEqual([
      'apart/private/images/same.webp',
      'apart/uploads/images/same.webp',
    ]);
    expect((await buffer(uploads.read('images/same.webp'))).toString()).toBe('public');
    expect((await buffer(privateFiles.read('images/same.webp'))).toString()).toBe('private');
    await uploads.delete('images/same.webp');
    expect(await s3.keys('apart/')).toEqual(['apart/private/images/same.webp']);
    expect(await privateFiles.usage()).toEqual({ files: 1, bytes: 7, complete: true });
  });

  it('states null only for a missing object; a store that does not answer is an error', async () => {
    const down = createS3Storage({ ...s3.config, endpoint: 'http://127.0.0.1:9' }, 'uploads');
    await expect(down.stat('images/any.webp')).rejects.toThrow();
    const up = createS3Storage(s3.config, 'uploads');
    expect(await up.stat('images/any.webp')).toBeNull();
  });

  it('does not fail its leftover sweep on a store that cannot list multipart uploads', async () => {
    // s3rver, like some S3-compatible stores, answers ListMultipartUploads with NotImplemented:
    // the sweep then removes nothing (the bucket's lifecycle rule does), and says so with 0.
    const files = createS3Storage({ ...s3.config, prefix: 'sweep/' }, 'uploads');
    const started = await s3.client.send(
      new CreateMultipartUploadCommand({ Bucket: s3.config.bucket, Key: 'sweep/uploads/x.mp4' }),
    );
    await s3.client.send(
      new UploadPartCommand({
        Bucket: s3.config.bucket,
        Key: 'sweep/uploads/x.mp4',
        UploadId: started.UploadId,
        PartNumber: 1,
        Body: Buffer.alloc(1024),
      }),
    );
    expect(await files.removeLeftovers(0)).toBe(0);
    expect(await s3.keys('sweep/')).toEqual([]);
  });

  it('checks at start that the bucket answers, and never creates one', async () => {
    await expect(checkBucket(s3.config)).resolves.toBeUndefined();
    const missing = { ...s3.config, bucket: 'no-such-bucket' };
    await expect(checkBucket(missing)).rejects.toThrow(
      `S3_BUCKET "no-such-bucket" at ${s3.config.endpoint} cannot be used: it does not exist.`,
    );
    await expect(checkBucket({ ...s3.config, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(
      /^S3_BUCKET "ishuri-test" at http:\/\/127\.0\.0\.1:9 cannot be used: /,
    );
    // Still missing: the check made none.
    await expect(checkBucket(missing)).rejects.toThrow('it does not exist');
  });
});
