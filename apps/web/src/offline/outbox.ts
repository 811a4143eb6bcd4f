import { all, put, remove } from './db';
import { OUTBOX_LOCK } from './names';

/**
 * Progress made without a network (decisions.md §8): each completion waits here, in the order
 * it was made, until it reaches the server. Used by the page and by the service worker
 * (Background Sync), one sender at a time (a Web Lock where the browser has them). The server
 * stays the judge: a record it refuses is dropped and told to the learner; completing an item
 * twice is harmless there, so a record sent twice (a crash between its answer and its removal)
 * is not doubled.
 */
export interface OutboxRecord {
  /** The order made (IndexedDB's key). */
  seq?: number;
  userId: string;
  courseId: string;
  courseTitle: string;
  lessonId: string;
  itemTitle: string;
  madeAt: string;
}

/** What sending one record came to. */
export type SendResult =
  | { kind: 'sent'; courseCompleted: boolean; certificateId: string | null }
  /** The server said no (an earlier item not complete, the course gone): never sent again. */
  | { kind: 'refused'; message: string }
  /** No answer, or the server could not take it now: the rest waits for the next try. */
  | { kind: 'later' }
  /** The session is over: the records wait for the same user to sign in again. */
  | { kind: 'signedOut' };

/** Something to tell the learner about a record (also kept as news when nobody is looking). */
export type OutboxNews =
  | { kind: 'refused'; record: OutboxRecord; message: string }
  | { kind: 'courseCompleted'; record: OutboxRecord; certificateId: string | null };

export async function enqueue(record: Omit<OutboxRecord, 'seq'>): Promise<void> {
  await put('outbox', record);
}

/** The user's records still waiting, in the order made (of one course when given). */
export async function waiting(userId: string, courseId?: string): Promise<OutboxRecord[]> {
  const records = await all<OutboxRecord>('outbox');
  return records.filter(
    (record) =>
      record.userId === userId && (courseId === undefined || record.courseId === courseId),
  );
}

type LockManager = {
  request: <T>(name: string, callback: () => Promise<T>) => Promise<T>;
};

/** Runs `work` while no other page or worker of this site runs it. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  return locks ? locks.request(OUTBOX_LOCK, work) : work();
}

/**
 * Sends the user's waiting records in order, one at a time. Stops at the first that must wait
 * (no network, signed out); a refused one is removed and the next is tried (it is refused too
 * when it depended on it, and told as well). Answers how many were sent.
 */
export function flush(
  userId: string,
  send: (record: OutboxRecord) => Promise<SendResult>,
  tell: (news: OutboxNews) => void | Promise<void>,
): Promise<number> {
  return exclusively(async () => {
    let sent = 0;
    for (const record of await waiting(userId)) {
      const result = await send(record);
      if (result.kind === 'later' || result.kind === 'signedOut') break;
      await remove('outbox', record.seq!);
      if (result.kind === 'refused') {
        await tell({ kind: 'refused', record, message: result.message });
        continue;
      }
      sent += 1;
      if (result.courseCompleted) {
        await tell({ kind: 'courseCompleted', record, certificateId: result.certificateId });
      }
    }
    return sent;
  });
}

/** What a sender makes of the server's answer to POST /api/progress/upsert. */
export async function resultOf(response: Response): Promise<SendResult> {
  if (response.status === 401) return { kind: 'signedOut' };
  if (response.status === 429 || response.status >= 500) return { kind: 'later' };
  const body = (await response.json().catch(() => null)) as {
    error?: unknown;
    data?: { completed?: unknown; certificateId?: unknown };
  } | null;
  if (!response.ok) {
    return { kind: 'refused', message: typeof body?.error === 'string' ? body.error : '' };
  }
  return {
    kind: 'sent',
    courseCompleted: body?.data?.completed === true,
    certificateId: typeof body?.data?.certificateId === 'string' ? body.data.certificateId : null,
  };
}

/** Sends one record with a token (the service worker's way; the page uses its API client). */
export async function sendWithToken(record: OutboxRecord, token: string): Promise<SendResult> {
  try {
    const response = await fetch('/api/progress/upsert', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ courseId: record.courseId, lessonId: record.lessonId, progress: 100 }),
    });
    return await resultOf(response);
  } catch {
    return { kind: 'later' };
  }
}
