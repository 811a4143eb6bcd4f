import type { Actor, ListQuery, ListResponse, ResourceDownloads } from '@ishuri/contract';
import { asc, desc, eq } from 'drizzle-orm';
import { courseResources } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { listPage } from '../../lib/pagination';
import { requireCourse } from '../curriculum/course.access';
import { presentDownloads } from '../resources/resources.presenter';

/**
 * The course report's resources (issue 34, point 1): each resource of the course with how often
 * learners downloaded it (counted by the download route), most downloaded first.
 */
/** GET /api/report/{courseId}/resources: each resource with its learners' downloads. */
export async function resourceDownloads(
  ctx: AppContext,
  actor: Actor | null,
  courseId: string,
  query: ListQuery,
): Promise<ListResponse<ResourceDownloads>> {
  const course = await requireCourse(ctx.database.db, courseId);
  requireAccess(actor, 'course:manage', { ownerId: course.ownerId });
  return listPage(
    ctx.database.db,
    courseResources,
    {
      searchable: [courseResources.title],
      sortable: { downloads: courseResources.downloads, title: courseResources.title },
      defaultOrder: [desc(courseResources.downloads), asc(courseResources.id)],
      where: eq(courseResources.courseId, course.id),
    },
    query,
    presentDownloads,
  );
}
