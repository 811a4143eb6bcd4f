import { messages } from '@ishuri/contract';
import type { Course } from '@ishuri/contract';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { pageTitle } from '../../../lib/site';

/** The course's title (the page's h1), its type and description, and what follows them. */
export function CourseHeader({ course, children }: { course: Course; children?: ReactNode }) {
  const premium = course.courseType === 'premium';
  return (
    <header className="mb-6 space-y-3">
      <title>{pageTitle(course.title)}</title>
      <span
        className={cn(
          'inline-block rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase',
          premium ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900',
        )}
      >
        {premium ? messages.premium : messages.free}
      </span>
      <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-4xl">{course.title}</h1>
      {course.description && <p className="max-w-3xl text-slate-700">{course.description}</p>}
      {children}
    </header>
  );
}
