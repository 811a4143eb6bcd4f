import { and, asc, eq, gt } from 'drizzle-orm';
import { videos } from '../../db/schema';
import type { AppContext } from '../../context';
import { keyOfPublicUrl } from '../../lib/storage';

/**
 * The uploaded file of a lesson video, once its renditions are made (issue 14): kept only when
 * KEEP_ORIGINAL_VIDEOS is true. By default it is deleted as soon as the renditions job has
 * recorded the video `ready`, so storage holds the small copies only (an upload is often ten
 * times their size). What goes with it: quality above 720p, and the file as it was sent.
 *
 * The `videos` row keeps the upload's URL (unique, beside its own id and its item), and lessons
 * keep that URL as their `videoUrl`: it names their renditions (premium media checks, deletion),
 * not a file that must exist.
 *
 * Crash-safe: the file is deleted only after the `ready` row is committed, and only when the row
 * read from the database says every rendition is recorded (`ready`, with at least one video
 * rendition). A crash between the two leaves the file; the job run again (the queue takes up a
 * job whose process died) or the sweep at the next start deletes it. A `failed` video keeps its
 * upload: it is all there is.
 */

type VideoRow = typeof videos.$inferSelect;

/** Whether a video's upload may be deleted now: all its renditions are recorded. */
function renditionsComplete(row: Pick<VideoRow, 'status' | 'renditions'>): boolean {
  return row.status === 'ready' && row.renditions.some((made) => made.height > 0);
}

/**
 * Deletes a video's upload when it is no longer needed (see above), reading the video's row as
 * committed. Answers whether a file was deleted.
 */
export async function dropOriginal(ctx: AppContext, sourceUrl: string): Promise<boolean> {
  if (ctx.config.keepOriginalVideos) return false;
  const [row] = await ctx.database.db
    .select({ status: videos.status, renditions: videos.renditions })
    .from(videos)
    .where(eq(videos.sourceUrl, sourceUrl));
  if (!row || !renditionsComplete(row)) return false;
  const key = keyOfPublicUrl(sourceUrl);
  if (!key || !(await ctx.files.stat(key))) return false;
  await ctx.files.delete(key);
  return true;
}

/** Rows read at once by the start-up sweeps. */
export const SWEEP_BATCH = 100;

/**
 * At start: deletes the uploads of ready videos that are still stored (a crash came between the
 * `ready` row and the deletion, or KEEP_ORIGINAL_VIDEOS was true until now and is no longer), a
 * batch at a time. `stopped` ends it early (the process is closing). Answers how many went.
 */
export async function sweepOriginals(
  ctx: AppContext,
  stopped: () => boolean = () => false,
): Promise<number> {
  if (ctx.config.keepOriginalVideos) return 0;
  let after = '';
  let removed = 0;
  while (!stopped()) {
    const rows = await ctx.database.db
      .select({ sourceUrl: videos.sourceUrl })
      .from(videos)
      .where(and(eq(videos.status, 'ready'), gt(videos.sourceUrl, after)))
      .orderBy(asc(videos.sourceUrl))
      .limit(SWEEP_BATCH);
    for (const row of rows) {
      if (await dropOriginal(ctx, row.sourceUrl)) removed += 1;
    }
    if (rows.length < SWEEP_BATCH) break;
    after = rows.at(-1)!.sourceUrl;
  }
  if (removed > 0) ctx.log.info({ removed }, 'deleted the uploads of videos made small');
  return removed;
}
