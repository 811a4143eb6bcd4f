import type { ContentType, Lesson } from '@ishuri/contract';
import { messages } from '@ishuri/contract';
import { itemNames } from '../../../curriculum/item-names';
import { courseTree } from '../../../curriculum/learning-path';

function Kind({ type }: { type: ContentType }) {
  const { label, Icon } = itemNames[type];
  return (
    <>
      <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
    </>
  );
}

/** The lessons of a course in order, each with its sub-lessons. */
export function Curriculum({ lessons }: { lessons: Lesson[] }) {
  if (lessons.length === 0) {
    return <p className="text-slate-700">{messages.courseNoLessons}</p>;
  }
  return (
    <ol className="space-y-3" data-testid="curriculum">
      {courseTree(lessons).map((lesson, index) => (
        <li key={lesson.id} className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex items-start gap-3">
            <span
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="flex items-start gap-2 font-semibold break-words text-slate-900">
                <Kind type={lesson.contentType} />
                <span>{lesson.title}</span>
              </h3>
              {lesson.description && (
                <p className="mt-1 text-sm break-words text-slate-700">{lesson.description}</p>
              )}
              {lesson.subLessons.length > 0 && (
                <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4">
                  {lesson.subLessons.map((sub) => (
                    <li key={sub.id} className="flex items-start gap-2 text-slate-800">
                      <Kind type={sub.contentType} />
                      <span className="break-words">{sub.title}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
