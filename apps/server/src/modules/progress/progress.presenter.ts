import type { ProgressRecord } from '@ishuri/contract';
import type { progress } from '../../db/schema';

/** A progress record as the learn page reads it: `lessonId` is the item's id. */
export function presentProgress(row: typeof progress.$inferSelect): ProgressRecord {
  return { lessonId: row.itemId, progress: row.progress, completed: row.completed };
}
