import { can } from '@ishuri/contract';
import { CourseAnnouncements } from '../../features/announcements/components/announcements';
import { CourseDiscussions } from '../../features/discussions/components/course-discussions';
import LearnPage from '../../features/learn/pages/learn-page';
import { actorOf, useSession } from '../../lib/auth';

/**
 * /learn/:courseId: the learning page, with the course's announcements and its discussions
 * (the open lesson's questions) under the open item (issue 34).
 */
export default function LearnRoute() {
  const actor = actorOf(useSession());
  return (
    <LearnPage
      below={(course, item) => (
        <>
          {actor && (
            <CourseAnnouncements
              courseId={course.id}
              canPost={can(actor, 'announcement:postToCourse', { ownerId: course.ownerId })}
            />
          )}
          <CourseDiscussions courseId={course.id} item={item} />
        </>
      )}
    />
  );
}
