/// <reference lib="webworker" />
import { CacheExpiration } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { get, put } from '../src/offline/db';
import {
  CODE_CACHE,
  GUEST_SCOPE,
  isKeptRead,
  isSavedCacheOf,
  KEPT_AT_HEADER,
  MEDIA_CACHE,
  OUTBOX_SYNC_TAG,
  readsCache,
  savedCourseId,
  SESSION_KEY,
  tokenRole,
  tokenUser,
} from '../src/offline/names';
import type { DeviceSession } from '../src/offline/names';
import { flush, sendWithToken } from '../src/offline/outbox';

/**
 * The service worker (issue 15; decisions.md §8): the app's shell precached, so the app opens
 * without a network; the reads a learner needs kept per user and answered when the network
 * fails; saved courses' media answered from the device (ranges too); progress made offline
 * sent by Background Sync. A new version waits until the learner chooses to reload.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version takes the open pages at once (nothing to replace); later ones wait.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Offline, any page of the app opens from the shell; the app shows what it has. */
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/uploads/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const shell = await matchPrecache('index.html');
      if (shell) return shell;
      throw error;
    }
  },
);

/** At most this many reads are kept per user, the least recently used leaving first. */
const READS_KEPT = 300;
const MEDIA_KEPT = 200;
const CODE_KEPT = 60;

async function keep(cacheName: string, max: number, request: Request, response: Response) {
  const cache = await caches.open(cacheName);
  await cache.put(request, withKeptAt(response));
  const expiration = new CacheExpiration(cacheName, { maxEntries: max });
  await expiration.updateTimestamp(request.url);
  await expiration.expireEntries();
}

/** The copy kept says when: a page shown from it tells its data's age (issue 32, point 3). */
function withKeptAt(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT_HEADER, new Date().toISOString());
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The caches of the courses this user saved that the address names (by their id). */
async function savedCachesNamedBy(userId: string, url: URL): Promise<string[]> {
  const address = url.pathname + url.search;
  return (await caches.keys()).filter(
    (name) =>
      isSavedCacheOf(name, userId) &&
      address.toLowerCase().includes(savedCourseId(name, userId).toLowerCase()),
  );
}

/**
 * A kept read: the network first (a learner's progress must be current), the copy last seen
 * by the same user when the network fails. Reads sent without a token are kept as a visitor's.
 * A read naming a course the user saved is also kept with that course (the few reads kept
 * for browsing may be replaced; a saved course's stay until it is removed).
 */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    isKeptRead(url.pathname, tokenRole(request.headers.get('authorization'))),
  async ({ request, url }) => {
    const user = tokenUser(request.headers.get('authorization'));
    const cacheName = readsCache(user ?? GUEST_SCOPE);
    const withCourses = user ? await savedCachesNamedBy(user, url) : [];
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        await keep(cacheName, READS_KEPT, request, response.clone());
        for (const name of withCourses) {
          await (await caches.open(name)).put(request, withKeptAt(response.clone()));
        }
      } else if (response.status === 404 || response.status === 403) {
        await (await caches.open(cacheName)).delete(request);
      }
      return response;
    } catch (error) {
      for (const name of [cacheName, ...withCourses]) {
        const kept = await (await caches.open(name)).match(request, { ignoreVary: true });
        if (kept) return kept;
      }
      throw error;
    }
  },
);

/** Media saved for offline study by the signed-in user, whatever the address's signature. */
async function savedMedia(url: URL): Promise<Response | undefined> {
  const session = await get<DeviceSession>('meta', SESSION_KEY).catch(() => undefined);
  if (!session) return undefined;
  for (const name of await caches.keys()) {
    if (!isSavedCacheOf(name, session.userId)) continue;
    const found = await (
      await caches.open(name)
    ).match(url.origin + url.pathname, { ignoreSearch: true, ignoreVary: true });
    if (found) return found;
  }
  return undefined;
}

/**
 * A course resource's file (issue 34, point 1): the network first (the server judges who may
 * download, and counts it), the copy saved with the course when the network fails.
 */
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && /^\/api\/resources\/[^/]+\/download$/.test(url.pathname),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch (error) {
      const saved = await savedMedia(url);
      if (!saved) throw error;
      return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
    }
  },
);

/** Pictures and captions: small, and needed for a page to look right offline. */
const KEEPABLE_MEDIA = /\.(webp|png|jpe?g|gif|vtt)$/i;

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  async ({ request, url }) => {
    const saved = await savedMedia(url);
    if (saved) {
      return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
    }
    // A signed address is a premium course's: never kept outside a saved course.
    const keepable = KEEPABLE_MEDIA.test(url.pathname) && url.search === '';
    try {
      const response = await fetch(request);
      if (keepable && response.status === 200) {
        await keep(MEDIA_CACHE, MEDIA_KEPT, request, response.clone());
      }
      return response;
    } catch (error) {
      const kept = keepable ? await caches.match(request, { cacheName: MEDIA_CACHE }) : undefined;
      if (kept) return kept;
      throw error;
    }
  },
);

/** Page code not precached (or from a version being replaced): kept once loaded. */
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  async ({ request }) => {
    const kept = await caches.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.status === 200) await keep(CODE_CACHE, CODE_KEPT, request, response.clone());
    return response;
  },
);

/**
 * Background Sync: the network is back. An open page sends the records itself (it updates
 * what the learner sees); with none open, the worker sends them with the stored session, and
 * what the learner must know waits as news for the next open.
 */
async function sendOutbox() {
  const pages = await self.clients.matchAll({ type: 'window' });
  if (pages.length > 0) {
    pages.forEach((page) => page.postMessage({ type: 'FLUSH_OUTBOX' }));
    return;
  }
  const session = await get<DeviceSession>('meta', SESSION_KEY);
  if (!session) return;
  await flush(
    session.userId,
    (record) => sendWithToken(record, session.token),
    async (news) => {
      await put('news', news);
    },
  );
}

self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
});
