import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { requestRenditions } from './renditions';
import { SWEEP_BATCH, sweepOriginals } from './video-originals';

/**
 * Asks for the renditions of videos stored before renditions existed: lesson and sub-lesson
 * videos under `/uploads/videos/` with no `videos` row. A batch at a time, each in one
 * transaction; every video asked for gets its row, so the next batch reads the rest and the
 * loop ends when none is left. Idempotent: a second start (or a second process) finds the rows,
 * and the job's dedupe key holds one job per video. Answers how many were asked for.
 */
export async function requestMissingRenditions(
  ctx: AppContext,
  stopped: () => boolean = () => false,
): Promise<number> {
  const db = ctx.database.db;
  let asked = 0;
  while (!stopped()) {
    const result = (await db.execute(sql`
      select distinct on (i.video_url) i.video_url as "videoUrl", i.id as "itemId"
      from course_items i
      where i.video_url like '/uploads/videos/%'
        and not exists (select 1 from videos v where v.source_url = i.video_url)
      order by i.video_url, i.id
      limit ${SWEEP_BATCH}`)) as unknown as { rows: Array<{ videoUrl: string; itemId: string }> };
    const urls = result.rows;
    if (urls.length === 0) break;
    await db.transaction(async (tx) => {
      for (const { videoUrl, itemId } of urls) await requestRenditions(ctx, tx, videoUrl, itemId);
    });
    asked += urls.length;
    if (urls.length < SWEEP_BATCH) break;
  }
  if (asked > 0) {
    ctx.log.info({ asked }, 'asked for the renditions of videos stored before them');
    void ctx.jobs.kick();
  }
  return asked;
}

/** How often the video upkeep runs, once across the processes (a scheduled job). */
export const VIDEO_UPKEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Video work as a scheduled job (lib/jobs.ts), in the media lane: the renditions of older videos
 * are asked for, and uploads whose renditions are all made are deleted unless kept
 * (modules/media/video-originals.ts). Its first run comes at the first start; `stopped` ends a run between
 * batches when the process shuts down.
 */
export function scheduleVideoUpkeep(ctx: AppContext, stopped: () => boolean): void {
  ctx.jobs.schedule(
    'video-upkeep',
    VIDEO_UPKEEP_EVERY_MS,
    async () => {
      await requestMissingRenditions(ctx, stopped);
      await sweepOriginals(ctx, stopped);
    },
    { lane: 'media' },
  );
}
