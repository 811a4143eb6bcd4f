import { createItemFieldsSchema, updateItemFieldsSchema } from '@ishuri/contract';
import { messages } from '../../lib/i18n';
import type { ContentType, ItemVideo } from '@ishuri/contract';
import { captionTracks } from '../../lib/captions';
import type { VideoRow } from '../../lib/renditions';
import { publicUrlOf } from '../../lib/storage';
import { validationError } from '../../lib/errors';
import type { ReceivedUpload, StoredFile } from '../../lib/uploads';
import type { ContentAccess } from './course.access';

/**
 * The kinds of course items, each in one entry: how a new item of the kind is read from its
 * form and what a reader gets of it. A new kind (a quiz) is one more entry
 * here, plus its schema in the contract and its view on the web.
 */
interface StoredItem {
  content: string | null;
  videoUrl: string | null;
}

/** An item as read with its video's renditions (course-tree.ts attaches them). */
interface ReadableItem extends StoredItem {
  video?: VideoRow | null;
}

interface PresentedItem extends StoredItem {
  video: ItemVideo | null;
}

type ReadItem = { stored: StoredItem } | { missing: Record<string, string> };

interface ItemKind {
  /** The kind's stored content from the form, or the messages of the fields it misses. */
  read(form: { content: string; file: StoredFile | null }): ReadItem;
  /** What a reader gets: the content for one who may open it, else nothing. */
  present(item: ReadableItem, access: ContentAccess): PresentedItem;
}

export const itemKinds: Record<ContentType, ItemKind> = {
  text: {
    read: ({ content }) =>
      content
        ? { stored: { content, videoUrl: null } }
        : { missing: { content: messages.contentRequiredForText } },
    present: (item, access) => ({
      content: access ? item.content : null,
      videoUrl: null,
      video: null,
    }),
  },
  video: {
    read: ({ file }) =>
      file
        ? { stored: { content: null, videoUrl: file.url } }
        : { missing: { videoUrl: messages.videoRequiredForVideo } },
    present: (item, access) => {
      if (!access || !item.videoUrl) return { content: null, videoUrl: null, video: null };
      const row = item.video;
      const renditions = (row?.renditions ?? []).map((made) => ({
        quality: made.quality as ItemVideo['renditions'][number]['quality'],
        width: made.width,
        height: made.height,
        bytes: made.bytes,
        durationSeconds: row?.durationSeconds ?? 0,
        url: access(publicUrlOf(made.key)),
      }));
      const smallestVideo = renditions.find((made) => made.height > 0);
      return {
        content: item.content,
        videoUrl: smallestVideo?.url ?? access(item.videoUrl),
        video: {
          status: row?.status ?? 'processing',
          durationSeconds: row?.durationSeconds ?? null,
          posterUrl: row?.posterKey ? access(publicUrlOf(row.posterKey)) : null,
          renditions,
          captions: captionTracks(row?.captions ?? [], access),
        },
      };
    },
  },
};

export interface ItemInput extends StoredItem {
  title: string;
  description: string;
  contentType: ContentType;
}

/**
 * The fields of a new lesson or sub-lesson (product.md §5). Without `contentType` the presence of
 * a file decides the kind; the kind says what else is required. A file the kind does not keep is
 * returned as `unusedFile`, for the caller to delete.
 */
export function itemInputOf(upload: ReceivedUpload): {
  input: ItemInput;
  unusedFile: StoredFile | null;
} {
  const parsed = createItemFieldsSchema.safeParse(upload.fields);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      fields[String(issue.path[0] ?? 'body')] ??= issue.message;
    }
  }
  const declared = parsed.success ? parsed.data.contentType : undefined;
  const contentType: ContentType = declared ?? (upload.file ? 'video' : 'text');
  const read = itemKinds[contentType].read({
    content: upload.fields.content?.trim() ?? '',
    file: upload.file,
  });
  if ('missing' in read)
    for (const [name, message] of Object.entries(read.missing)) fields[name] ??= message;
  if (!parsed.success || 'missing' in read || Object.keys(fields).length > 0) {
    throw validationError(fields);
  }
  const stored = read.stored;
  return {
    input: {
      title: parsed.data.title,
      description: parsed.data.description,
      contentType,
      ...stored,
    },
    unusedFile: upload.file && stored.videoUrl !== upload.file.url ? upload.file : null,
  };
}

/**
 * The change a PUT makes to a lesson or sub-lesson: the fields sent, over what is stored. The kind
 * is the one asked (`contentType`), else video when a file came, else the item's own. A video
 * item keeps its video unless a file replaces it; a text item needs content (sent or stored).
 * `removedFile` is the stored video that no longer serves (replaced, or the item became text),
 * and `unusedFile` an uploaded one the item does not keep: both for the caller to delete.
 */
export function itemUpdateOf(
  upload: ReceivedUpload,
  stored: { contentType: ContentType; content: string | null; videoUrl: string | null },
): {
  change: Partial<ItemInput>;
  removedFile: string | null;
  unusedFile: StoredFile | null;
} {
  const parsed = updateItemFieldsSchema.safeParse(upload.fields);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      fields[String(issue.path[0] ?? 'body')] ??= issue.message;
    }
  }
  const asked = parsed.success ? parsed.data : {};
  const contentType: ContentType =
    asked.contentType ?? (upload.file ? 'video' : stored.contentType);
  const sentContent = asked.content?.trim();
  const read = itemKinds[contentType].read({
    content: sentContent ?? stored.content ?? '',
    file:
      upload.file ??
      (contentType === 'video' && stored.videoUrl
        ? { key: '', url: stored.videoUrl, size: 0, type: '' }
        : null),
  });
  if ('missing' in read) {
    for (const [name, message] of Object.entries(read.missing)) fields[name] ??= message;
  }
  if (!parsed.success || 'missing' in read || Object.keys(fields).length > 0) {
    throw validationError(fields);
  }
  const next = read.stored;
  return {
    change: {
      ...(asked.title !== undefined ? { title: asked.title } : {}),
      ...(asked.description !== undefined ? { description: asked.description } : {}),
      contentType,
      ...next,
    },
    removedFile: stored.videoUrl && stored.videoUrl !== next.videoUrl ? stored.videoUrl : null,
    unusedFile: upload.file && next.videoUrl !== upload.file.url ? upload.file : null,
  };
}
