import { messages } from '@ishuri/contract';
import type { Lesson } from '@ishuri/contract';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/button';
import type { ItemTarget } from '../hooks/use-item-plans';
import type { Removing } from '../hooks/use-item-removal';
import { ItemActions } from './item-actions';
import { ContentTypeBadge, ItemBody, VideoStatusBadge } from './item-summary';

/** What a lesson's and its sub-lessons' buttons ask the course manager for. */
export interface ItemRequests {
  courseId: string;
  open: (target: ItemTarget) => void;
  remove: (target: Removing) => void;
}

/**
 * One lesson of the course (numbered from 1), its buttons, then its sub-lessons (numbered 1.1,
 * 1.2…), each with its own buttons. Lessons move among the course's lessons, sub-lessons within
 * their lesson.
 */
export function LessonCard({
  lesson,
  index,
  lessonIds,
  requests: { courseId, open, remove },
}: {
  lesson: Lesson;
  index: number;
  lessonIds: string[];
  requests: ItemRequests;
}) {
  const subIds = lesson.subLessons.map((sub) => sub.id);
  return (
    <li
      aria-label={messages.lesson(index + 1, lesson.title)}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {messages.lesson2(index + 1)}
          </p>
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            {lesson.title}
            <ContentTypeBadge item={lesson} />
            <VideoStatusBadge item={lesson} />
          </h3>
        </div>
        <ItemActions
          move={{ ids: lessonIds, index, title: lesson.title, courseId }}
          editLabel={messages.editTheLesson(lesson.title)}
          onEdit={() => open({ action: 'edit-lesson', item: lesson })}
          deleteLabel={messages.deleteTheLesson(lesson.title)}
          onDelete={() => remove({ kind: 'lesson', item: lesson })}
        >
          <Button
            size="sm"
            variant="secondary"
            onClick={() => open({ action: 'add-sub-lesson', lesson })}
            aria-label={messages.addASubLessonTo(lesson.title)}
          >
            <Plus className="size-4" aria-hidden="true" />
            {messages.subLesson}
          </Button>
        </ItemActions>
      </div>
      <div className="mt-2">
        <ItemBody item={lesson} />
      </div>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h4 className="mb-2 text-sm font-semibold text-slate-800">
          {messages.subLessons(lesson.subLessons.length)}
        </h4>
        {lesson.subLessons.length === 0 ? (
          <p className="text-sm text-slate-600">{messages.noSubLessons}</p>
        ) : (
          <ol className="space-y-2">
            {lesson.subLessons.map((sub, subIndex) => (
              <li
                key={sub.id}
                aria-label={messages.subLesson2(index + 1, subIndex + 1, sub.title)}
                className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-slate-50 p-3"
              >
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="text-slate-600">{`${index + 1}.${subIndex + 1}`}</span>
                    {sub.title}
                    <ContentTypeBadge item={sub} />
                    <VideoStatusBadge item={sub} />
                  </p>
                  <ItemBody item={sub} />
                </div>
                <ItemActions
                  move={{
                    ids: subIds,
                    index: subIndex,
                    title: sub.title,
                    lessonId: lesson.id,
                    courseId,
                  }}
                  editLabel={messages.editTheSubLesson(sub.title)}
                  onEdit={() => open({ action: 'edit-sub-lesson', item: sub })}
                  deleteLabel={messages.deleteTheSubLesson(sub.title)}
                  onDelete={() => remove({ kind: 'sub-lesson', item: sub })}
                />
              </li>
            ))}
          </ol>
        )}
      </div>
    </li>
  );
}
