import { messages } from '@ishuri/contract';
import type { CourseWithLessons } from '@ishuri/contract';
import { flattenItems } from '../curriculum/learning-path';
import { getToken } from '../lib/auth';
import { put } from './db';
import { keyOf, savedCourses } from './saved-store';
import type { SavedCourse } from './saved-store';
import { isSavedCacheOf, savedCache, savedCourseId } from './names';

/**
 * Courses saved for offline study (issue 15, point 3): each one's text comes with its reads
 * (the service worker keeps a saved course's reads with it), its media (images, posters,
 * captions, and every video at the size the learner chose, or audio only) in a cache of its
 * own, and a record here with what it cost. The service worker answers those media from the
 * device, whatever the signature of the address (premium links expire; the saved copy does
 * not), and only while the same user is signed in.
 */
/** How a saved (or offered) video size is named: a course without video is saved as text. */
export const savedQualityName = (quality: string | null) =>
  quality === null
    ? messages.textLesson
    : quality === 'audio'
      ? messages.audioOnly
      : quality === 'upload'
        ? messages.video
        : quality;

export interface PlannedFile {
  url: string;
  /** Known before fetching (a rendition's size, or the server's Content-Length); else null. */
  bytes: number | null;
  /** Fetched with the user's token (a course resource, issue 34): not a public file. */
  auth?: boolean;
}

/** One way of saving a course: a video size, its files and what it costs in all. */
export interface SaveOption {
  quality: string | null;
  files: PlannedFile[];
  /** Known bytes in all (files of unknown size add what they turn out to be). */
  bytes: number;
}

const QUALITIES = ['240p', '360p', '720p', 'audio'] as const;

/**
 * The ways a course can be saved: one per video size any of its videos has (a video without
 * that size is saved at the nearest smaller picture, else its smallest), or just its text and
 * pictures for a course without video. `sizeOf` answers the size of a picture or captions file.
 */
export async function planSave(
  course: CourseWithLessons,
  sizeOf: (url: string) => Promise<number | null>,
  /** Files saved whatever the video size: the course's basic resources the user may download. */
  resources: PlannedFile[] = [],
): Promise<SaveOption[]> {
  const items = flattenItems(course.lessons);
  const common = new Map<string, number | null>();
  if (course.imageUrl) common.set(course.imageUrl, null);
  for (const item of items) {
    if (item.video?.posterUrl) common.set(item.video.posterUrl, null);
    for (const track of item.video?.captions ?? []) common.set(track.url, null);
  }
  await Promise.all([...common.keys()].map(async (url) => common.set(url, await sizeOf(url))));
  const commonFiles: PlannedFile[] = [
    ...[...common].map(([url, bytes]) => ({ url, bytes })),
    ...resources,
  ];
  const videos = items.filter((item) => item.videoUrl);
  const offered = QUALITIES.filter((quality) =>
    videos.some((item) => item.video?.renditions.some((r) => r.quality === quality)),
  );
  const plans: Array<string | null> =
    videos.length === 0 ? [null] : offered.length > 0 ? offered : ['upload'];
  return plans.map((quality) => {
    const files: PlannedFile[] = [...commonFiles];
    for (const item of videos) {
      const renditions = item.video?.renditions ?? [];
      const pictures = renditions
        .filter((r) => r.quality !== 'audio')
        .sort((a, b) => a.height - b.height);
      const wanted = quality === null ? undefined : QUALITIES.indexOf(quality as '240p');
      const exact = renditions.find((r) => r.quality === quality);
      const below =
        wanted === undefined
          ? undefined
          : pictures.filter((r) => QUALITIES.indexOf(r.quality) <= wanted).at(-1);
      const chosen = exact ?? below ?? pictures[0];
      files.push(
        chosen ? { url: chosen.url, bytes: chosen.bytes } : { url: item.videoUrl!, bytes: null },
      );
    }
    return { quality, files, bytes: files.reduce((sum, file) => sum + (file.bytes ?? 0), 0) };
  });
}

export class SaveCancelled extends Error {
  override readonly name = 'SaveCancelled';
}

/**
 * Saves a course's media (its reads are fetched by the caller, once the course's cache exists,
 * so that the service worker keeps them with it). `onProgress` hears the bytes saved so far.
 * Anything failing or cancelled leaves nothing behind.
 */
interface SaveWork {
  onProgress: (bytes: number) => void;
  signal: AbortSignal;
  /** Reads the course's data again (it is kept with the saved course). */
  fetchReads: () => Promise<unknown>;
}

export function saveCourse(
  userId: string,
  course: { id: string; title: string },
  option: SaveOption,
  work: SaveWork,
): Promise<SavedCourse> {
  return whileSaving(() => saveFiles(userId, course, option, work));
}

async function saveFiles(
  userId: string,
  course: { id: string; title: string },
  option: SaveOption,
  { onProgress, signal, fetchReads }: SaveWork,
): Promise<SavedCourse> {
  const cacheName = savedCache(userId, course.id);
  const cache = await caches.open(cacheName);
  let saved = 0;
  try {
    await fetchReads();
    for (const file of option.files) {
      const token = file.auth ? getToken() : null;
      const response = await fetch(file.url, {
        signal,
        credentials: 'same-origin',
        headers: token ? { authorization: `Bearer ${token}` } : undefined,
      });
      if (!response.ok || !response.body) throw new Error(`could not fetch ${file.url}`);
      // Streamed into the cache, counted on the way: a long video never sits in memory.
      const counted = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            saved += chunk.byteLength;
            onProgress(saved);
            controller.enqueue(chunk);
          },
        }),
      );
      const headers = new Headers({ 'accept-ranges': 'bytes' });
      const type = response.headers.get('content-type');
      if (type) headers.set('content-type', type);
      const length = response.headers.get('content-length');
      // A compressed answer's length is not the length of what is kept.
      if (length && !response.headers.has('content-encoding'))
        headers.set('content-length', length);
      const address = new URL(file.url, location.origin);
      await cache.put(address.origin + address.pathname, new Response(counted, { headers }));
    }
    const record: SavedCourse = {
      key: keyOf(userId, course.id),
      userId,
      courseId: course.id,
      title: course.title,
      quality: option.quality,
      bytes: saved,
      savedAt: new Date().toISOString(),
    };
    await put('saved', record);
    return record;
  } catch (error) {
    await caches.delete(cacheName);
    if (signal.aborted) throw new SaveCancelled();
    throw error;
  }
}

/**
 * A save the browser stopped half-way (the tab closed) leaves a course's cache without its
 * record: those are removed (at the app's start, before any new save begins).
 */
export async function dropUnfinished(userId: string): Promise<void> {
  const drop = async () => {
    const finished = new Set((await savedCourses(userId)).map((course) => course.courseId));
    for (const name of await caches.keys()) {
      if (isSavedCacheOf(name, userId) && !finished.has(savedCourseId(name, userId))) {
        await caches.delete(name);
      }
    }
  };
  // Never while a save runs in another tab (each save holds the lock shared).
  if (!navigator.locks) return drop();
  await navigator.locks.request(SAVING_LOCK, { ifAvailable: true }, (lock) =>
    lock ? drop() : undefined,
  );
}

const SAVING_LOCK = 'ishuri-saving';

/** Runs a save while holding the saving lock shared (where the browser has Web Locks). */
const whileSaving = async <T>(work: () => Promise<T>): Promise<T> =>
  navigator.locks
    ? ((await navigator.locks.request(SAVING_LOCK, { mode: 'shared' }, work)) as T)
    : work();
