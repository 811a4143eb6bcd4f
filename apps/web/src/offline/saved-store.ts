import { all, get, remove } from './db';
import { savedCache } from './names';

// The device's record of the courses saved on it, read and removed (the learning page and the
// offline screens read it; saving itself is ./saved-courses, loaded by Save for offline).

export interface SavedCourse {
  /** `${userId}:${courseId}` */
  key: string;
  userId: string;
  courseId: string;
  title: string;
  /** The video size saved: 240p, 360p, 720p, audio; null for a course without video. */
  quality: string | null;
  bytes: number;
  savedAt: string;
}

export const keyOf = (userId: string, courseId: string) => `${userId}:${courseId}`;

export async function removeSaved(userId: string, courseId: string): Promise<void> {
  await remove('saved', keyOf(userId, courseId));
  await caches.delete(savedCache(userId, courseId));
}

export const savedCourse = (userId: string, courseId: string) =>
  get<SavedCourse>('saved', keyOf(userId, courseId));

/** The user's saved courses, most recently saved first. */
export async function savedCourses(userId: string): Promise<SavedCourse[]> {
  const records = await all<SavedCourse>('saved');
  return records
    .filter((record) => record.userId === userId)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}
