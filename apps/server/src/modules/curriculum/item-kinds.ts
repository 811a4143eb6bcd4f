import { createItemFieldsSchema, quizSchema, updateItemFieldsSchema } from '@ishuri/contract';
import { messages } from '../../lib/i18n';
import type { ContentType, ItemVideo, LearnerQuiz, Quiz } from '@ishuri/contract';
import { captionTracks } from '../media/captions';
import type { VideoRow } from '../media/renditions';
import { publicUrlOf } from '../../lib/storage';
import { validationError } from '../../lib/errors';
import type { ReceivedUpload, StoredFile } from '../media/uploads';
import type { ContentAccess } from './course.access';

/**
 * The kinds of course items, each in one entry: how a new item of the kind is read from its
 * form and what a reader gets of it. A new kind is one more entry here, plus its schema in the
 * contract and its view on the web.
 */
interface StoredItem {
  content: string | null;
  videoUrl: string | null;
  quiz: Quiz | null;
}

/** An item as read with its video's renditions (course-tree.ts attaches them). */
interface ReadableItem extends StoredItem {
  video?: VideoRow | null;
}

interface PresentedItem extends Omit<StoredItem, 'quiz'> {
  video: ItemVideo | null;
  quiz: LearnerQuiz | null;
}

type ReadItem = { stored: StoredItem } | { missing: Record<string, string> };

interface ItemKind {
  /** The kind's stored content from the form, or the messages of the fields it misses. */
  read(form: { content: string; file: StoredFile | null; quiz: string | Quiz | null }): ReadItem;
  /** What a reader gets: the content for one who may open it, else nothing. */
  present(item: ReadableItem, access: ContentAccess): PresentedItem;
}

export const itemKinds: Record<ContentType, ItemKind> = {
  text: {
    read: ({ content }) =>
      content
        ? { stored: { content, videoUrl: null, quiz: null } }
        : { missing: { content: messages.contentRequiredForText } },
    present: (item, access) => ({
      content: access ? item.content : null,
      videoUrl: null,
      video: null,
      quiz: null,
    }),
  },
  video: {
    read: ({ file }) =>
      file
        ? { stored: { content: null, videoUrl: file.url, quiz: null } }
        : { missing: { videoUrl: messages.videoRequiredForVideo } },
    present: (item, access) => {
      if (!access || !item.videoUrl)
        return { content: null, videoUrl: null, video: null, quiz: null };
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
        quiz: null,
      };
    },
  },
  quiz: {
    read: ({ quiz }) => {
      if (quiz === null || quiz === '') return { missing: { quiz: messages.quizRequired } };
      let sent: unknown = quiz;
      if (typeof quiz === 'string') {
        try {
          sent = JSON.parse(quiz);
        } catch {
          return { missing: { quiz: messages.quizInvalid } };
        }
      }
      const parsed = quizSchema.safeParse(sent);
      if (!parsed.success) {
        const missing: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          missing[['quiz', ...issue.path].join('.')] ??= issue.message;
        }
        return { missing };
      }
      return { stored: { content: null, videoUrl: null, quiz: parsed.data } };
    },
    present: (item, access) => ({
      content: null,
      videoUrl: null,
      video: null,
      quiz: access && item.quiz ? learnerQuiz(item.quiz) : null,
    }),
  },
};

/** A random order of `list` (a new array). */
function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * What a learner reads of a quiz: the questions and their choices (in a new order at each
 * reading when the author asked for it), never which choice is right nor the accepted answers,
 * nor the feedback (given once answered).
 */
export function learnerQuiz(quiz: Quiz): LearnerQuiz {
  const order = <T>(list: readonly T[]) => (quiz.shuffle ? shuffled(list) : [...list]);
  return {
    passMark: quiz.passMark,
    maxAttempts: quiz.maxAttempts,
    scoreOnlyUntilPassed: quiz.scoreOnlyUntilPassed === true,
    questions: order(quiz.questions).map((question) => ({
      id: question.id,
      kind: question.kind,
      prompt: question.prompt,
      // True or false keeps its order (True first), whatever the shuffle.
      choices: (question.kind === 'trueFalse'
        ? [...question.choices]
        : order(question.choices)
      ).map((choice) => ({ id: choice.id, text: choice.text })),
    })),
  };
}

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
    quiz: upload.fields.quiz ?? null,
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
  stored: {
    contentType: ContentType;
    content: string | null;
    videoUrl: string | null;
    quiz: Quiz | null;
  },
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
    // A quiz item keeps its quiz unless a new one is sent.
    quiz: asked.quiz ?? stored.quiz,
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
