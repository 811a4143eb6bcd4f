import { put, remove } from './db';
import { readsCache, SESSION_KEY } from './names';
import type { DeviceSession } from './names';

/**
 * Tells the service worker who is signed in on this device (it answers saved media and sends
 * offline progress for that user only).
 */
export async function rememberSession(session: DeviceSession | null): Promise<void> {
  if (session) await put('meta', session, SESSION_KEY);
  else await remove('meta', SESSION_KEY);
}

/**
 * At sign-out, the reads kept for this user leave the device (another person may use it next).
 * Their saved courses stay, for them only, until they remove them; and so does progress not
 * yet sent, which is sent when they sign in again.
 */
export async function forgetUser(userId: string): Promise<void> {
  await rememberSession(null);
  if (typeof caches !== 'undefined') await caches.delete(readsCache(userId));
}
