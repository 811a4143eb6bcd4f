import { messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { CourseTypeBadge } from '../../../components/course-type-badge';
import { badgeClass, linkClass } from '../../../components/dashboard/styles';
import { Modal } from '../../../components/modal';
import { cn } from '../../../lib/cn';
import { CourseEditForm } from './course-edit-form';

/**
 * The course as it stands, at the top of its manager: its cover, type, draft mark and
 * description, with the button that edits them (in a dialog) and a link to its public page.
 */
export function CourseDetails({ course }: { course: CourseWithLessons }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:p-6">
        {course.imageUrl && (
          <img
            src={course.imageUrl}
            alt={messages.coverOf(course.title)}
            className="h-40 w-full rounded-xl object-cover sm:w-64"
          />
        )}
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <CourseTypeBadge type={course.courseType} />
            {!course.published && (
              <span className={cn(badgeClass, 'bg-amber-100 text-amber-900')}>
                {messages.draft}
              </span>
            )}
          </div>
          <p className="whitespace-pre-line text-slate-700">{course.description}</p>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden="true" />
            {messages.editTheCourse}
          </Button>
          <Link to={`/course/${course.id}`} className={cn(linkClass, 'inline-block text-sm')}>
            {messages.seeThePublicCoursePage}
          </Link>
        </div>
      </div>
      <Modal
        open={editing}
        onClose={() => setEditing(false)}
        size="lg"
        title={messages.editTheCourse}
      >
        {editing && <CourseEditForm course={course} onDone={() => setEditing(false)} />}
      </Modal>
    </>
  );
}
