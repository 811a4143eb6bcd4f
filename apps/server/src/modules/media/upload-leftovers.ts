import type { AppContext } from '../../context';

/** A temporary upload file not written to for this long belongs to no live upload. */
export const LEFTOVER_IDLE_MS = 15 * 60 * 1000;

/**
 * Temporary files of uploads a crash cut off are removed every hour, by one process (a
 * scheduled job, lib/jobs.ts); one idle for 15 minutes is no live upload's (those write all
 * the time), even in another process.
 */
export function scheduleUploadLeftovers(ctx: AppContext): void {
  ctx.jobs.schedule('upload-leftovers', 60 * 60 * 1000, async () => {
    for (const storage of [ctx.files, ctx.privateFiles]) {
      const removed = await storage.removeLeftovers(LEFTOVER_IDLE_MS);
      if (removed > 0) ctx.log.info({ removed }, 'removed the leftovers of cut-off uploads');
    }
  });
}
