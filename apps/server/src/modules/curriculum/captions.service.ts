import type { Actor, CaptionLanguage, ContentType, ItemCaptions } from '@ishuri/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courseItems, videos } from '../../db/schema';
import type { StoredCaptions } from '../../db/schema';
import { captionTracks } from '../media/captions';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';
import { uuidv7 } from '../../lib/ids';
import { renditionFolder } from '../media/renditions';
import { keyOfPublicUrl } from '../../lib/storage';
import { mediaLink, requireCourseAccess } from './course.access';
import { isLevel, itemNotFound, requireItemWithCourse } from './course-tree';
import type { ItemLevel } from './course-tree';

/**
 * Captions of video lessons and sub-lessons (issue 14): one WebVTT file per language, added,
 * replaced and removed by whoever may edit the item (admin or the course's owner, as its update).
 *
 * Where they live: the file under its video's renditions folder
 * (`videos/<video id>/captions.<language>.<uuid>.vtt`), so that a premium course's captions need
 * a signed link like its renditions (modules/media/media-urls.ts), and the list in the `videos` row of the
 * video (its `captions` column), so that a course's items are read with their captions in the
 * query that reads their renditions. Deleting or replacing the video deletes that row with its
 * files (modules/media/renditions.ts, deleteRenditions): captions made for one video never stay with
 * another. A replaced file gets a new name, because uploads are served as immutable.
 */

interface ItemFacts {
  contentType: ContentType;
  videoUrl: string | null;
}

/** The item's row, locked until the transaction ends: its video cannot change meanwhile. */
async function lockItem(tx: Tx, level: ItemLevel, id: string): Promise<ItemFacts | null> {
  const [row] = await tx
    .select({ contentType: courseItems.contentType, videoUrl: courseItems.videoUrl })
    .from(courseItems)
    .where(and(eq(courseItems.id, id), isLevel(level)))
    .for('update');
  return row ?? null;
}

/** The item's video URL and where its captions go; 409 for an item without a stored video. */
function videoOf(item: ItemFacts): { sourceUrl: string; folder: string } {
  const sourceKey = item.contentType === 'video' ? keyOfPublicUrl(item.videoUrl) : null;
  if (!sourceKey || !item.videoUrl) throw fail('CAPTIONS_NEED_VIDEO');
  return { sourceUrl: item.videoUrl, folder: renditionFolder(sourceKey) };
}

/** The item after the rules: found (404), editable by the caller (401/403), a video (409). */
async function requireCaptionedItem(
  ctx: AppContext,
  actor: Actor | null,
  level: ItemLevel,
  id: string,
) {
  const db = ctx.database.db;
  const { item, course } = await requireItemWithCourse(db, level, id);
  await requireCourseAccess(db, actor, 'course:manage', course);
  videoOf(item);
  return { link: mediaLink(ctx, course.courseType) };
}

const byLanguage = (a: StoredCaptions, b: StoredCaptions) =>
  a.language < b.language ? -1 : a.language > b.language ? 1 : 0;

async function deleteFiles(ctx: AppContext, keys: string[]) {
  for (const key of keys) {
    await ctx.files.delete(key).catch((error: unknown) => {
      ctx.log.warn({ err: error, key }, 'could not delete a captions file');
    });
  }
}

/**
 * PUT /api/lesson/captions/{lessonId}/{language} (and the sub-lesson's): the rules are checked
 * before the file is read (`receive` reads and checks it); the file is stored and listed in one
 * transaction that holds the item's row, and the file it replaces is deleted after the commit.
 */
export async function putCaptions(
  ctx: AppContext,
  actor: Actor | null,
  level: ItemLevel,
  id: string,
  language: CaptionLanguage,
  receive: () => Promise<string>,
): Promise<ItemCaptions> {
  const { link } = await requireCaptionedItem(ctx, actor, level, id);
  const text = await receive();
  const stored: { key?: string } = {};
  let result: { captions: StoredCaptions[]; replaced: string[] };
  try {
    result = await ctx.database.db.transaction(async (tx) => {
      const item = await lockItem(tx, level, id);
      if (!item) throw fail(itemNotFound[level]);
      const { sourceUrl, folder } = videoOf(item);
      // A video uploaded before renditions existed has no row yet.
      await tx.insert(videos).values({ id: uuidv7(), itemId: id, sourceUrl }).onConflictDoNothing();
      const [row] = await tx
        .select({ captions: videos.captions })
        .from(videos)
        .where(eq(videos.sourceUrl, sourceUrl))
        .for('update');
      const current = row?.captions ?? [];
      const key = `${folder}captions.${language}.${uuidv7()}.vtt`;
      await ctx.files.put(key, Buffer.from(text, 'utf8'));
      stored.key = key;
      const captions = [
        ...current.filter((captions) => captions.language !== language),
        { language, key },
      ].sort(byLanguage);
      await tx
        .update(videos)
        .set({ captions, updatedAt: new Date() })
        .where(eq(videos.sourceUrl, sourceUrl));
      const replaced = current.filter((captions) => captions.language === language);
      return { captions, replaced: replaced.map((captions) => captions.key) };
    });
  } catch (error) {
    if (stored.key) await deleteFiles(ctx, [stored.key]);
    throw error;
  }
  await deleteFiles(ctx, result.replaced);
  return { captions: captionTracks(result.captions, link) };
}

/**
 * DELETE /api/lesson/captions/{lessonId}/{language} (and the sub-lesson's): the file is unlisted
 * in a transaction that holds the item's row, then deleted. Captions that are not there are no
 * error: the answer lists what remains.
 */
export async function deleteCaptions(
  ctx: AppContext,
  actor: Actor | null,
  level: ItemLevel,
  id: string,
  language: CaptionLanguage,
): Promise<ItemCaptions> {
  const { link } = await requireCaptionedItem(ctx, actor, level, id);
  const result = await ctx.database.db.transaction(async (tx) => {
    const item = await lockItem(tx, level, id);
    if (!item) throw fail(itemNotFound[level]);
    const { sourceUrl } = videoOf(item);
    const [row] = await tx
      .select({ captions: videos.captions })
      .from(videos)
      .where(eq(videos.sourceUrl, sourceUrl))
      .for('update');
    const current = row?.captions ?? [];
    const captions = current.filter((captions) => captions.language !== language);
    const removed = current.filter((captions) => captions.language === language);
    if (removed.length > 0) {
      await tx
        .update(videos)
        .set({ captions, updatedAt: new Date() })
        .where(eq(videos.sourceUrl, sourceUrl));
    }
    return { captions, removed: removed.map((captions) => captions.key) };
  });
  await deleteFiles(ctx, result.removed);
  return { captions: captionTracks(result.captions, link) };
}
