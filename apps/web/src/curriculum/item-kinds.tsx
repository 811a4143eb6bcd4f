import { messages } from '@ishuri/contract';
import type { ContentType, Lesson, QuizAttemptResult, SubLesson } from '@ishuri/contract';
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { MarkdownExcerpt } from '../components/markdown';
import { Tagged } from '../components/tagged';
import { itemNames } from './item-names';
import type { ItemName } from './item-names';
import { TextContent } from './text-content';

/**
 * The kinds of course items on the web, each in one entry: its name and icons, what a learner
 * sees when the item is open, and what an author sees of it in the course manager. A new kind
 * is one more entry here, plus its schema in the contract and its kind on the server.
 */
type Item = Pick<
  Lesson | SubLesson,
  'id' | 'title' | 'contentType' | 'content' | 'videoUrl' | 'video' | 'quiz'
>;

interface ItemKindView extends ItemName {
  /**
   * The open item, for a learner; `onDone` when the learner reached its end (a video's end);
   * `onPassed` with a quiz's passing attempt, which completed the item on the server already;
   * `onStale` when what the item named is gone (a video's upload, replaced by its renditions):
   * read the item again, settled once read.
   */
  Reader: ComponentType<{
    item: Item;
    courseId: string;
    onDone: () => void;
    onPassed: (result: QuizAttemptResult) => void;
    onStale: () => Promise<unknown>;
  }>;
  /** Whether Mark Complete completes it (a quiz completes only once passed). */
  markable: boolean;
  /** A glimpse of the item in the course manager. */
  Preview: ComponentType<{ item: Item; linkClass: string }>;
}

/** The quiz's code is fetched when a quiz opens, not with every page that lists items. */
const QuizReader = lazy(() =>
  import('./quiz-reader').then((module) => ({ default: module.QuizReader })),
);

/**
 * Nor the player's (its quality choice, captions and transcript): it comes when a video item
 * opens, so the course page and a text lesson load none of it (issue 30, point 3).
 */
const LessonVideo = lazy(() =>
  import('./lesson-video').then((module) => ({ default: module.LessonVideo })),
);

const NoContent = () => <p className="text-slate-600">{messages.itemHasNoContent}</p>;

export const itemKinds: Record<ContentType, ItemKindView> = {
  text: {
    get label() {
      return itemNames.text.label;
    },
    Icon: itemNames.text.Icon,
    BadgeIcon: itemNames.text.BadgeIcon,
    markable: true,
    Reader: ({ item }) =>
      item.content?.trim() ? <TextContent text={item.content} /> : <NoContent />,
    Preview: ({ item }) =>
      item.content ? (
        <MarkdownExcerpt text={item.content} className="line-clamp-3 text-slate-600" />
      ) : null,
  },
  video: {
    get label() {
      return itemNames.video.label;
    },
    Icon: itemNames.video.Icon,
    BadgeIcon: itemNames.video.BadgeIcon,
    markable: true,
    Reader: ({ item, onDone, onStale }) =>
      item.videoUrl ? (
        <Suspense
          fallback={
            <div className="aspect-video max-h-[70svh] w-full rounded-xl bg-black md:aspect-auto md:h-[400px]" />
          }
        >
          <LessonVideo
            key={item.id}
            src={item.videoUrl}
            video={item.video}
            title={item.title}
            onEnded={onDone}
            onStale={onStale}
          />
        </Suspense>
      ) : item.content?.trim() ? (
        <TextContent text={item.content} />
      ) : (
        <NoContent />
      ),
    Preview: ({ item, linkClass }) =>
      item.videoUrl ? (
        <a href={item.videoUrl} target="_blank" rel="noreferrer" className={linkClass}>
          <Tagged
            sentence={messages.openVideoOf(item.title)}
            parts={{ more: (text) => <span className="sr-only">{text}</span> }}
          />
        </a>
      ) : null,
  },
  quiz: {
    get label() {
      return itemNames.quiz.label;
    },
    Icon: itemNames.quiz.Icon,
    BadgeIcon: itemNames.quiz.BadgeIcon,
    markable: false,
    Reader: ({ item, courseId, onPassed }) =>
      item.quiz ? (
        <Suspense fallback={<p role="status">{messages.loading}</p>}>
          <QuizReader
            key={item.id}
            quiz={item.quiz}
            courseId={courseId}
            itemId={item.id}
            onPassed={onPassed}
          />
        </Suspense>
      ) : (
        <NoContent />
      ),
    Preview: ({ item }) =>
      item.quiz ? (
        <p className="text-slate-600">{messages.quizQuestionsCount(item.quiz.questions.length)}</p>
      ) : null,
  },
};
