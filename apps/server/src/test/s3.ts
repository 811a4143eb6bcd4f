import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../config';
import { s3ClientOf } from '../lib/s3-storage';

export interface TestS3 {
  /** The server's settings, as S3_* would give them, with a bucket made for this test. */
  config: S3Config;
  /** A client of its own, to look at the bucket as an operator would. */
  client: S3Client;
  /** Every object key under a prefix (the whole bucket by default), sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Whether an object is there (by its full key in the bucket). */
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free port, its objects in a temporary folder, with
 * one fresh bucket. The server never creates buckets (the start only checks one), so the test
 * does, as an operator would.
 */
export async function startS3Server(options: { prefix?: string } = {}): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ishuri-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const config: S3Config = {
    bucket: 'ishuri-test',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: options.prefix ?? 'site/',
  };
  const client = s3ClientOf(config);
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  return {
    config,
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) keys.push(object.Key!);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return false;
        throw error;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
