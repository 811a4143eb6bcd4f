import type { ContentType, ItemVideo, LearnerQuiz, Lesson } from '@ishuri/contract';

/** One openable item of a course: a lesson or one of its sub-lessons. */
export interface LearnItem {
  id: string;
  kind: 'lesson' | 'subLesson';
  /** The lesson it belongs to (its own id for a lesson). */
  lessonId: string;
  /** Its place in the flattened sequence, from 0. */
  index: number;
  title: string;
  description: string;
  contentType: ContentType;
  content: string | null;
  videoUrl: string | null;
  /** A video item's sizes, poster and captions (null for text, or without access). */
  video: ItemVideo | null;
  /** A quiz item's questions, without the answers (null for other kinds, or without access). */
  quiz: LearnerQuiz | null;
}

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The course tree in learning order (decisions.md §4): its lessons by position, each with its
 * sub-lessons by position; equal positions keep creation order (ids are time-ordered). Every
 * screen that lists a course's items walks this, so they all show one order.
 */
export function courseTree(lessons: readonly Lesson[]): Lesson[] {
  return [...lessons]
    .sort(byPosition)
    .map((lesson) => ({ ...lesson, subLessons: [...lesson.subLessons].sort(byPosition) }));
}

/** The course's items in learning order: each lesson of `courseTree`, then its sub-lessons. */
export function flattenItems(lessons: readonly Lesson[]): LearnItem[] {
  const items: LearnItem[] = [];
  for (const lesson of courseTree(lessons)) {
    items.push({
      id: lesson.id,
      kind: 'lesson',
      lessonId: lesson.id,
      index: items.length,
      title: lesson.title,
      description: lesson.description,
      contentType: lesson.contentType,
      content: lesson.content,
      videoUrl: lesson.videoUrl,
      video: lesson.video,
      quiz: lesson.quiz,
    });
    for (const sub of lesson.subLessons) {
      items.push({
        id: sub.id,
        kind: 'subLesson',
        lessonId: lesson.id,
        index: items.length,
        title: sub.title,
        description: sub.description,
        contentType: sub.contentType,
        content: sub.content,
        videoUrl: sub.videoUrl,
        video: sub.video,
        quiz: sub.quiz,
      });
    }
  }
  return items;
}

/** The first item that is not complete: every item before it is. `items.length` when all are. */
export function firstIncomplete(items: readonly LearnItem[], completed: ReadonlySet<string>) {
  const index = items.findIndex((item) => !completed.has(item.id));
  return index < 0 ? items.length : index;
}

/**
 * How far the learner has got: the item after the last completed one, or the furthest item
 * opened in this visit, whichever is later (never past the last item). It can lie beyond the
 * first incomplete item when an earlier item was added after the learner passed that point.
 */
export function furthestIndex(
  items: readonly LearnItem[],
  completed: ReadonlySet<string>,
  visited = 0,
): number {
  if (items.length === 0) return 0;
  let lastCompleted = -1;
  items.forEach((item, index) => {
    if (completed.has(item.id)) lastCompleted = index;
  });
  return Math.min(items.length - 1, Math.max(lastCompleted + 1, visited, 0));
}

/** The rules of one position in the sequence, for a learner whose progress is saved. */
export interface PathState {
  /** Index of the first incomplete item (`items.length` when the course is complete). */
  frontier: number;
  /** See `furthestIndex`. */
  furthest: number;
}

export function pathState(
  items: readonly LearnItem[],
  completed: ReadonlySet<string>,
  visited = 0,
): PathState {
  return {
    frontier: firstIncomplete(items, completed),
    furthest: furthestIndex(items, completed, visited),
  };
}

/** An item opens when every earlier one is complete, or when it is at or before the furthest. */
export function canOpen(index: number, state: PathState): boolean {
  return index >= 0 && (index <= state.frontier || index <= state.furthest);
}

/** Mark Complete is allowed only when every earlier item is complete. */
export function earlierAllComplete(index: number, state: PathState): boolean {
  return index <= state.frontier;
}

/** The incomplete items before `index` (in order): opening `index` completes them. */
export function itemsToCompleteBefore(
  items: readonly LearnItem[],
  completed: ReadonlySet<string>,
  index: number,
): LearnItem[] {
  return items.slice(0, Math.max(0, index)).filter((item) => !completed.has(item.id));
}

/** Share of completed items, 0-100, rounded down so that 100 means really complete. */
export function percentComplete(items: readonly LearnItem[], completed: ReadonlySet<string>) {
  if (items.length === 0) return 0;
  const done = items.filter((item) => completed.has(item.id)).length;
  return Math.floor((done / items.length) * 100);
}

/** Where a learner continues: the first incomplete item, or the last one of a finished course. */
export function resumeIndex(items: readonly LearnItem[], completed: ReadonlySet<string>) {
  return Math.min(firstIncomplete(items, completed), Math.max(0, items.length - 1));
}
