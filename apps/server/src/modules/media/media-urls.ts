import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { safeEqual } from '../../lib/secrets';
import { keyOfPublicUrl } from '../../lib/storage';

/** How long a signed media URL plays: long enough to watch and seek through a lesson. */
export const SIGNED_MEDIA_LIFETIME_SECONDS = 6 * 60 * 60;
/**
 * Expiries are rounded up to this step, so one reader gets the same URL for a while and the
 * browser's private cache can answer a second play without spending data again.
 */
const EXPIRY_STEP_SECONDS = 60 * 60;

export interface MediaUrls {
  /** A URL of a premium lesson's media that plays until it expires, for one who may read it. */
  sign(url: string, nowMs?: number): string;
  /** Whether `exp` and `sig` are a live signature of `key`; the seconds it has left, else 0. */
  verify(key: string, exp: unknown, sig: unknown, nowMs?: number): number;
}

/**
 * Signed, expiring URLs for the media of premium lessons (decisions.md §5): an HMAC-SHA256 of the
 * storage key and the expiry (Unix seconds), keyed by a key derived from the server's secret.
 * `/uploads/videos/<key>?exp=<unix seconds>&sig=<base64url>`; range requests work as on any file.
 */
export function createMediaUrls(secret: string): MediaUrls {
  // eslint-disable-next-line catalogue/no-literal-reply -- the key's label, never shown
  const key = createHmac('sha256', secret).update('ishuri media urls').digest();
  const mac = (storageKey: string, exp: number) =>
    createHmac('sha256', key).update(`${storageKey}\n${exp}`).digest('base64url');
  return {
    sign(url, nowMs = Date.now()) {
      const storageKey = keyOfPublicUrl(url);
      if (!storageKey) return url;
      const now = Math.floor(nowMs / 1000);
      const exp =
        Math.ceil((now + SIGNED_MEDIA_LIFETIME_SECONDS) / EXPIRY_STEP_SECONDS) *
        EXPIRY_STEP_SECONDS;
      return `${url}?exp=${exp}&sig=${mac(storageKey, exp)}`;
    },
    verify(storageKey, exp, sig, nowMs = Date.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return 0;
      const expiry = Number(exp);
      const left = expiry - Math.floor(nowMs / 1000);
      if (left <= 0) return 0;
      return safeEqual(sig, mac(storageKey, expiry)) ? left : 0;
    },
  };
}

/**
 * Whether a stored file is the video of a lesson or sub-lesson of a premium course, or one of
 * that video's renditions or its poster (`/uploads/videos/<id>/…`, modules/media/renditions.ts): decided
 * from the database at each request, so a course that changes type changes its media's rule too.
 */
export async function isPremiumMedia(db: Tx, url: string): Promise<boolean> {
  // A rendition belongs to the video `/uploads/videos/<name>.<ext>`, whatever its extension
  // (uploads are named by a uuid, the demo's clips by a digest).
  const rendition = /^\/uploads\/videos\/([a-zA-Z0-9-]+)\/[^/]+$/.exec(url);
  const matches = (column: SQL) =>
    rendition
      ? sql`${column} like ${`/uploads/videos/${rendition[1]}.%`}`
      : sql`${column} = ${url}`;
  const result = (await db.execute(sql`
    select 1 from course_items i join courses c on c.id = i.course_id
      where ${matches(sql`i.video_url`)} and c.course_type = 'premium'
    limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
