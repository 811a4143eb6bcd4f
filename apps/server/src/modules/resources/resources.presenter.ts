import { resourceTypes } from '@ishuri/contract';
import type { Resource, ResourceDownloads } from '@ishuri/contract';
import type { courseResources } from '../../db/schema';

export type ResourceRow = typeof courseResources.$inferSelect;

/** What the caller may do with a resource: download it, or why not. */
export type ResourceLock = null | 'premium' | 'enrolment';

/** A resource as clients get it: never its storage key or who uploaded it. */
export function presentResource(row: ResourceRow, lock: ResourceLock): Resource {
  const type = (resourceTypes as Record<string, { kind: Resource['kind'] }>)[row.mediaType];
  return {
    id: row.id,
    courseId: row.courseId,
    itemId: row.itemId,
    title: row.title,
    kind: type?.kind ?? 'document',
    mediaType: row.mediaType,
    size: row.size,
    level: row.level,
    locked: lock !== null,
    lockedBy: lock,
    downloadUrl: `/api/resources/${row.id}/download`,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentDownloads(
  row: Pick<ResourceRow, 'id' | 'title' | 'level' | 'downloads'>,
): ResourceDownloads {
  return { resourceId: row.id, title: row.title, level: row.level, downloads: row.downloads };
}
