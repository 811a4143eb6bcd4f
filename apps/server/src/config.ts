import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { emailPattern } from '@ishuri/contract';
import { z } from 'zod';
import type { JobQueueOptions } from './lib/jobs';
import type { ReadCacheOptions } from './lib/read-cache';
import type { OwnReadCacheOptions } from './lib/own-read-cache';
import type { ResumableUploadOptions } from './modules/media/resumable-uploads';
import type { SessionCacheOptions } from './lib/session-cache';

/** The only reader of process.env. Every variable is listed in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  APP_URL: z.url({ error: 'must be a URL such as https://learn.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  MAIL_FROM: z.string().min(3).default('Ishuri <no-reply@ishuri.local>'),
  ADMIN_EMAIL: z
    .string()
    .regex(emailPattern, { error: 'must be an e-mail address' })
    .default('admin@ishuri.local'),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters long' }).optional(),
  MAX_VIDEO_MB: z.coerce.number().int().positive().default(2048),
  // Media cost (issue 29, point 2): the longest lesson video accepted.
  MAX_VIDEO_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(120),
  KEEP_ORIGINAL_VIDEOS: z.enum(['true', 'false']).default('false'),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  WEB_DIST: z.string().optional(),
  MAX_CAPTIONS_KB: z.coerce.number().int().positive().max(10_240).default(512),
  // Course resources (issue 34, point 1): the largest file attached to a course.
  MAX_RESOURCE_MB: z.coerce.number().int().positive().max(1024).default(25),
  // An S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Ceph RGW) instead of the disk.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name' })
    .optional(),
  S3_ENDPOINT: z.url({ error: 'must be a URL such as http://minio:9000' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9-]+\/)*$/, { error: 'must be empty or folders ending with /' })
    .default(''),
  // Shared counters (rate limits) for several processes.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, {
      error: 'must be at most 64 letters, digits, dots, dashes, underscores or colons',
    })
    .optional(),
  // Guards GET /metrics (Prometheus); without it /metrics answers 404.
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters long' }).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Premium (issue 33): MTN MoMo Collections, Flutterwave's hosted checkout, the test mode.
  NODE_ENV: z.string().optional(),
  MOMO_BASE_URL: z
    .url({ error: 'must be a URL such as https://sandbox.momodeveloper.mtn.com' })
    .optional(),
  MOMO_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_API_USER: z.string().min(1).optional(),
  MOMO_API_KEY: z.string().min(1).optional(),
  MOMO_TARGET_ENVIRONMENT: z
    .string()
    .regex(/^[a-z0-9]+$/, { error: 'must be e.g. sandbox or mtnrwanda' })
    .default('sandbox'),
  MOMO_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be a currency code such as RWF' })
    .default('RWF'),
  FLUTTERWAVE_SECRET_KEY: z.string().min(1).optional(),
  FLUTTERWAVE_BASE_URL: z.url({ error: 'must be a URL' }).default('https://api.flutterwave.com'),
  FLUTTERWAVE_WEBHOOK_HASH: z
    .string()
    .min(16, { error: 'must be at least 16 characters long' })
    .optional(),
  FLUTTERWAVE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be a currency code such as RWF' })
    .default('RWF'),
  PREMIUM_TEST_MODE: z.enum(['true', 'false']).optional(),
  PREMIUM_TEST_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
});

/** An S3-compatible object store; when absent, files live on the local disk. */
export interface S3Config {
  bucket: string;
  /** Absent: AWS S3 itself. */
  endpoint?: string;
  region: string;
  /** Absent: the SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (MinIO, s3rver, Ceph) rather than in the host name. */
  forcePathStyle: boolean;
  /** Prepended to every key (`''` or folders ending with `/`): one bucket for several sites. */
  prefix: string;
}

/** Premium (issue 33): the payment providers; none configured is the test mode (or vouchers only). */
export interface PremiumConfig {
  /** MTN MoMo Collections (request to pay). */
  momo?: {
    baseUrl: string;
    subscriptionKey: string;
    apiUser: string;
    apiKey: string;
    targetEnvironment: string;
    currency: string;
  };
  /** Flutterwave's hosted checkout (cards, Airtel Money), v3. */
  flutterwave?: { secretKey: string; baseUrl: string; webhookHash: string; currency: string };
  /** No money moves: mobile money is approved after `testApproveAfterMs` (never in production). */
  testMode: boolean;
  testApproveAfterMs: number;
}

export interface RateLimit {
  /** Requests allowed in the window, per client address. */
  perIp: number;
  /**
   * Requests allowed in the window, per e-mail address (where the request names one); absent:
   * per address only.
   */
  perEmail?: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `dataDir/db`, or in memory when `dataDir` is null. */
  databaseUrl?: string;
  /** PGlite folder; null means in memory (tests). */
  pgliteDir: string | null;
  jwtSecret: string;
  appUrl: string;
  smtpUrl?: string;
  /**
   * SMTP connection and greeting time-out; the socket time-out (no answer to a command) is three
   * times as long. An SMTP server that accepts and never answers cannot hold a request longer.
   */
  smtpTimeoutMs?: number;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  maxVideoBytes: number;
  /**
   * The longest lesson video accepted, in minutes: refused at upload when it says it is longer,
   * failed by its renditions job when it turns out to be, and never transcoded past it.
   */
  maxVideoMinutes: number;
  maxImageBytes: number;
  /**
   * Keep an uploaded lesson video once its renditions are made (modules/media/video-originals.ts); when
   * false (the default) the upload is deleted then, and only the renditions remain.
   */
  keepOriginalVideos: boolean;
  /** Create the demo catalogue on first start with an empty database. */
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** The built web app to serve, when it exists. */
  webDist?: string;
  /** The largest captions file (WebVTT) of a lesson video. */
  maxCaptionsBytes: number;
  /** The largest course resource (MAX_RESOURCE_MB); absent: DEFAULT_MAX_RESOURCE_BYTES. */
  maxResourceBytes?: number;
  /** Files in an S3-compatible object store instead of `dataDir/uploads` and `dataDir/private`. */
  s3?: S3Config;
  /** Redis for counters shared by several processes (rate limits); absent: in memory. */
  redisUrl?: string;
  /** Prepended to every Redis key (default `ishuri:`): several sites or test runs in one Redis. */
  redisKeyPrefix?: string;
  /** The bearer token of GET /metrics; absent: no metrics endpoint. */
  metricsToken?: string;
  /** On SIGTERM, how long in-flight requests and the running job may take before exit. */
  shutdownTimeoutMs: number;
  /** Premium's providers (issue 33); absent: the test mode (tests, the embedded default). */
  premium?: PremiumConfig;
  jobPollMs: number;
  /** First retry delay of a failed job (doubled on each attempt); 30 s when unset. */
  jobRetryBaseMs?: number;
  /** The rest of the queue's settings (lease, time budget, clock); defaults in lib/jobs.ts. */
  jobQueue?: Omit<JobQueueOptions, 'pollMs' | 'retryBaseMs'>;
  /** The in-memory cache of public reads; defaults in lib/read-cache.ts. */
  readCache?: Partial<ReadCacheOptions>;
  /** The in-memory cache of checked sessions; defaults in lib/session-cache.ts. */
  sessionCache?: Partial<SessionCacheOptions>;
  /** The in-memory cache of signed-in users' own reads; defaults in lib/own-read-cache.ts. */
  ownReadCache?: Partial<OwnReadCacheOptions>;
  /** Resumable (tus) video uploads; defaults in modules/media/resumable-uploads.ts. */
  resumableUploads?: Partial<ResumableUploadOptions>;
  rateLimits: {
    signin: RateLimit;
    verifyCode: RateLimit;
    resendCode: RateLimit;
    signup: RateLimit;
    forgotPassword: RateLimit;
    resetPassword: RateLimit;
    changePassword: RateLimit;
    contact: RateLimit;
    subscribe: RateLimit;
    resumableUpload: RateLimit;
    // E-mail changes (issue 29, point 5): per account, and per new address
    emailChange: RateLimit;
    emailChangeTarget: RateLimit;
    // Premium (issue 33): per address and per signed-in user
    checkout: RateLimit;
    redeemVoucher: RateLimit;
    // Priority support (issue 34, point 3): new requests per address and per signed-in user
    supportRequest: RateLimit;
    // Course discussions and announcements (issue 34): per address and per signed-in account
    discussionPost: RateLimit;
    announcementPost: RateLimit;
  };
}

export const defaultRateLimits: Config['rateLimits'] = {
  // Generous per address: many learners share one mobile carrier address.
  // perEmail on sign-in counts per device cookie for a browser that signed in before, and per
  // e-mail for every other client: only those are refused when it is full (decisions.md §2).
  signin: { perIp: 100, perEmail: 10, windowSeconds: 15 * 60 },
  // No per-user limit on codes: each code has its own tries (modules/auth/signin-cookies.ts).
  verifyCode: { perIp: 100, windowSeconds: 15 * 60 },
  resendCode: { perIp: 30, windowSeconds: 15 * 60 },
  signup: { perIp: 100, perEmail: 10, windowSeconds: 60 * 60 },
  forgotPassword: { perIp: 30, perEmail: 5, windowSeconds: 60 * 60 },
  resetPassword: { perIp: 30, windowSeconds: 60 * 60 },
  // Only the holder of a session can try: 5 guesses of the current password per account.
  changePassword: { perIp: 30, perEmail: 5, windowSeconds: 15 * 60 },
  contact: { perIp: 10, perEmail: 5, windowSeconds: 60 * 60 },
  subscribe: { perIp: 20, perEmail: 5, windowSeconds: 60 * 60 },
  // Every request of a resumable upload (creation, each 5 MB chunk, offset checks, cancel), per
  // address and per user: a 2 GB video is about 410 chunks.
  resumableUpload: { perIp: 3000, perEmail: 1500, windowSeconds: 15 * 60 },
  // E-mail changes (issue 29, point 5). perEmail counts per account every try (a wrong password
  // too: it bounds guessing like changePassword); the target's counts the mails one new address
  // can receive from every account together, per day.
  emailChange: { perIp: 100, perEmail: 5, windowSeconds: 60 * 60 },
  emailChangeTarget: { perIp: 100, perEmail: 3, windowSeconds: 24 * 60 * 60 },
  // Priority support (issue 34, point 3): 5 new requests an hour per account.
  supportRequest: { perIp: 30, perEmail: 5, windowSeconds: 60 * 60 },
  // Premium (issue 33): a voucher code is guessed at most 10 times an hour per account.
  checkout: { perIp: 60, perEmail: 10, windowSeconds: 15 * 60 },
  redeemVoucher: { perIp: 30, perEmail: 10, windowSeconds: 60 * 60 },
  // Course discussions (issue 34): 20 threads, replies and reports per account in 15 minutes,
  // more than a person types; announcements: 10 an hour per account.
  discussionPost: { perIp: 300, perEmail: 20, windowSeconds: 15 * 60 },
  announcementPost: { perIp: 100, perEmail: 10, windowSeconds: 60 * 60 },
};

export class ConfigError extends Error {}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (`SMTP_URL=`, or compose's `${SMTP_URL:-}`) counts as not set.
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const together: [string, string | undefined, string, string | undefined][] = [
    ['S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY, 'S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID],
    ['S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID, 'S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY],
    ['S3_BUCKET', e.S3_BUCKET, 'S3_ENDPOINT', e.S3_ENDPOINT],
    ['MOMO_SUBSCRIPTION_KEY', e.MOMO_SUBSCRIPTION_KEY, 'MOMO_BASE_URL', e.MOMO_BASE_URL],
    ['MOMO_API_USER', e.MOMO_API_USER, 'MOMO_BASE_URL', e.MOMO_BASE_URL],
    ['MOMO_API_KEY', e.MOMO_API_KEY, 'MOMO_BASE_URL', e.MOMO_BASE_URL],
    ['MOMO_BASE_URL', e.MOMO_BASE_URL, 'MOMO_SUBSCRIPTION_KEY', e.MOMO_SUBSCRIPTION_KEY],
    ['MOMO_BASE_URL', e.MOMO_BASE_URL, 'MOMO_API_USER', e.MOMO_API_USER],
    ['MOMO_BASE_URL', e.MOMO_BASE_URL, 'MOMO_API_KEY', e.MOMO_API_KEY],
    [
      'FLUTTERWAVE_WEBHOOK_HASH',
      e.FLUTTERWAVE_WEBHOOK_HASH,
      'FLUTTERWAVE_SECRET_KEY',
      e.FLUTTERWAVE_SECRET_KEY,
    ],
    [
      'FLUTTERWAVE_SECRET_KEY',
      e.FLUTTERWAVE_SECRET_KEY,
      'FLUTTERWAVE_WEBHOOK_HASH',
      e.FLUTTERWAVE_WEBHOOK_HASH,
    ],
  ];
  for (const [name, value, other, otherValue] of together) {
    if (value === undefined && otherValue !== undefined) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: must be set with ${other}`);
    }
  }
  // Relative paths are read from where the command was run (npm runs workspace scripts inside the
  // workspace folder, and says where it was started in INIT_CWD).
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  const port = e.PORT;
  return {
    premium: premiumConfigOf(e),
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.DATABASE_URL ? null : path.join(dataDir, 'db'),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    smtpTimeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    maxVideoBytes: e.MAX_VIDEO_MB * 1024 * 1024,
    maxVideoMinutes: e.MAX_VIDEO_MINUTES,
    maxImageBytes: 5 * 1024 * 1024,
    keepOriginalVideos: e.KEEP_ORIGINAL_VIDEOS === 'true',
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : undefined,
    maxCaptionsBytes: e.MAX_CAPTIONS_KB * 1024,
    maxResourceBytes: e.MAX_RESOURCE_MB * 1024 * 1024,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE
            ? e.S3_FORCE_PATH_STYLE === 'true'
            : e.S3_ENDPOINT !== undefined,
          prefix: e.S3_PREFIX,
        }
      : undefined,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    jobPollMs: 2000,
    rateLimits: defaultRateLimits,
  };
}

/**
 * Premium's providers (issue 33). With none configured the product runs a test mode (no money
 * moves), except in production, where test mode is refused at start and Premium is sold by
 * voucher only.
 */
function premiumConfigOf(e: z.infer<typeof envSchema>): PremiumConfig {
  const production = e.NODE_ENV === 'production';
  const momo =
    e.MOMO_BASE_URL && e.MOMO_SUBSCRIPTION_KEY && e.MOMO_API_USER && e.MOMO_API_KEY
      ? {
          baseUrl: e.MOMO_BASE_URL.replace(/\/$/, ''),
          subscriptionKey: e.MOMO_SUBSCRIPTION_KEY,
          apiUser: e.MOMO_API_USER,
          apiKey: e.MOMO_API_KEY,
          targetEnvironment: e.MOMO_TARGET_ENVIRONMENT,
          currency: e.MOMO_CURRENCY,
        }
      : undefined;
  const flutterwave =
    e.FLUTTERWAVE_SECRET_KEY && e.FLUTTERWAVE_WEBHOOK_HASH
      ? {
          secretKey: e.FLUTTERWAVE_SECRET_KEY,
          baseUrl: e.FLUTTERWAVE_BASE_URL.replace(/\/$/, ''),
          webhookHash: e.FLUTTERWAVE_WEBHOOK_HASH,
          currency: e.FLUTTERWAVE_CURRENCY,
        }
      : undefined;
  if (production && e.PREMIUM_TEST_MODE === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  PREMIUM_TEST_MODE: test mode (no money moves) is refused when NODE_ENV=production',
    );
  }
  const testMode =
    !production && !momo && !flutterwave
      ? e.PREMIUM_TEST_MODE !== 'false'
      : e.PREMIUM_TEST_MODE === 'true';
  return {
    momo,
    flutterwave,
    testMode,
    testApproveAfterMs: e.PREMIUM_TEST_SECONDS * 1000,
  };
}
