import { can } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { CourseAnnouncements } from '../../features/announcements/components/announcements';
import { CourseDiscussions } from '../../features/discussions/components/course-discussions';
import { actorOf, useSession } from '../../lib/auth';

/**
 * What the learn page shows under the open item (issue 34): the course's announcements (with
 * the form for its instructor and admins) and its discussions (the open lesson's questions).
 */
export function LearnBelow({
  course,
  item,
}: {
  course: CourseWithLessons;
  item: { id: string; title: string } | null;
}) {
  const actor = actorOf(useSession());
  return (
    <>
      {actor && (
        <CourseAnnouncements
          courseId={course.id}
          canPost={can(actor, 'announcement:postToCourse', { ownerId: course.ownerId })}
        />
      )}
      {/* Discussions are their members' (a visitor's read is refused): shown once signed in. */}
      {actor && <CourseDiscussions courseId={course.id} item={item} />}
    </>
  );
}
