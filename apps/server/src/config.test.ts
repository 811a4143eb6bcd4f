import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ishuri-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('configuration', () => {
  it('starts with nothing set: embedded database in the data folder, mail to files', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toBe(path.join(dir, 'db'));
    expect(config.smtpUrl).toBeUndefined();
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
    expect(config.maxVideoBytes).toBe(2048 * 1024 * 1024);
  });

  it('bounds every SMTP exchange: 10 s by default, or SMTP_TIMEOUT_SECONDS', () => {
    expect(loadConfig({ DATA_DIR: dir }).smtpTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir, SMTP_TIMEOUT_SECONDS: '4' }).smtpTimeoutMs).toBe(4_000);
  });

  it('deletes uploaded videos once made small unless KEEP_ORIGINAL_VIDEOS=true', () => {
    expect(loadConfig({ DATA_DIR: dir }).keepOriginalVideos).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, KEEP_ORIGINAL_VIDEOS: 'false' }).keepOriginalVideos).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dir, KEEP_ORIGINAL_VIDEOS: 'true' }).keepOriginalVideos).toBe(
      true,
    );
  });

  it('polls the job queue often enough to take up a dead process’s job within a minute', () => {
    expect(loadConfig({ DATA_DIR: dir }).jobPollMs).toBeLessThanOrEqual(30_000);
  });

  it('reads a relative DATA_DIR from where the command was started', () => {
    const config = loadConfig({ DATA_DIR: './data', INIT_CWD: dir });
    expect(config.dataDir).toBe(path.join(dir, 'data'));
  });

  it('generates a JWT secret once and keeps it in the data folder', async () => {
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect((await readFile(path.join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(first.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ APP_URL: 'not a url' }, 'APP_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'nobody' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ SMTP_TIMEOUT_SECONDS: '0' }, 'SMTP_TIMEOUT_SECONDS'],
    [{ KEEP_ORIGINAL_VIDEOS: 'yes' }, 'KEEP_ORIGINAL_VIDEOS'],
  ])('fails clearly on %j, naming the variable', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });

  it('uses PostgreSQL with DATABASE_URL and does not seed demo content there by default', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.pgliteDir).toBeNull();
    expect(config.seedDemo).toBe(false);
    expect(config.jwtSecret).toBe('x'.repeat(40));
  });

  it('reads an S3-compatible store, Redis, the metrics token and the shutdown time', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      S3_BUCKET: 'ishuri-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'school/',
      REDIS_URL: 'redis://redis:6379',
      METRICS_TOKEN: 'm'.repeat(20),
      SHUTDOWN_TIMEOUT_SECONDS: '12',
    });
    expect(config.s3).toEqual({
      bucket: 'ishuri-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'school/',
    });
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.metricsToken).toBe('m'.repeat(20));
    expect(config.shutdownTimeoutMs).toBe(12_000);
    // AWS S3 itself: bucket in the host name, the SDK's own credentials.
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'ishuri-files' }).s3).toEqual({
      bucket: 'ishuri-files',
      region: 'us-east-1',
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('keeps files on the disk, counters in memory and no metrics when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dir, SMTP_URL: '', METRICS_TOKEN: '', REDIS_URL: '' });
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.shutdownTimeoutMs).toBe(30_000);
  });

  it.each([
    [{ S3_BUCKET: 'b' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'ishuri', S3_PREFIX: '../x' }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'ishuri', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'ishuri', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ REDIS_URL: 'http://redis:6379' }, 'REDIS_URL'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS'],
  ])('refuses %j, naming the variable', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(
      new RegExp(`^Invalid configuration:\\n  ${name}: `),
    );
  });
});
