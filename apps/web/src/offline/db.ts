/**
 * The app's own store on the device (IndexedDB), shared by the page and the service worker:
 * - `meta`: small values by name (the signed-in session, for the service worker);
 * - `outbox`: progress made without a network, waiting to be sent, in order;
 * - `saved`: the courses saved for offline study, one record per user and course;
 * - `news`: what happened while the app was closed (a course completed by a record sent in
 *   the background), told to the learner at the next open.
 * Only APIs that exist in both a window and a worker are used here.
 */

const NAME = 'ishuri';
const VERSION = 1;

export type StoreName = 'meta' | 'outbox' | 'saved' | 'news';

let opening: Promise<IDBDatabase> | null = null;

const settle = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** The database, opened once per page or worker (created or upgraded on first use). */
export function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('meta');
      // Sent in the order made: the key grows with each record.
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('saved', { keyPath: 'key' });
      db.createObjectStore('news', { keyPath: 'seq', autoIncrement: true });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opening;
}

async function store(name: StoreName, mode: IDBTransactionMode) {
  const db = await openDb();
  return db.transaction(name, mode).objectStore(name);
}

export async function get<T>(name: StoreName, key: IDBValidKey): Promise<T | undefined> {
  return settle((await store(name, 'readonly')).get(key)) as Promise<T | undefined>;
}

/** Every record of a store, in key order. */
export async function all<T>(name: StoreName): Promise<T[]> {
  return settle((await store(name, 'readonly')).getAll()) as Promise<T[]>;
}

/** Stores a value (under `key` for a store without a key path); answers its key. */
export async function put(name: StoreName, value: unknown, key?: IDBValidKey) {
  const target = await store(name, 'readwrite');
  return settle(key === undefined ? target.put(value) : target.put(value, key));
}

export async function remove(name: StoreName, key: IDBValidKey): Promise<void> {
  await settle((await store(name, 'readwrite')).delete(key));
}
