import { messages, normalizeId } from '@ishuri/contract';
import type { ProgressRecord, QuizAttemptResult } from '@ishuri/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toastLater as toast } from '../../lib/toast';
import { ApiError, NetworkError, errorMessage } from '../../lib/api-client';
import { later } from '../../lib/later';
import { useRefreshCertificates } from '../../api/certificates';
import { completeItem, progressKeys } from '../../api/progress';
import {
  canOpen,
  earlierAllComplete,
  itemsToCompleteBefore,
  pathState,
  percentComplete,
  resumeIndex,
} from '../../curriculum/learning-path';
import type { LearnItem } from '../../curriculum/learning-path';
import { enqueue, waiting } from '../../offline/outbox';
import { OUTBOX_SYNC_TAG } from '../../offline/names';
import { outboxKeys } from '../../offline/waiting-progress';

const hasWaiting = async (viewer: string | null, courseId: string) =>
  viewer !== null && (await waiting(viewer, courseId).catch(() => [])).length > 0;

/** Keeps a completion on the device and asks to be woken when the network returns. */
async function keepOnDevice(
  userId: string,
  courseId: string,
  courseTitle: string,
  item: LearnItem,
) {
  await enqueue({
    userId,
    courseId,
    courseTitle,
    lessonId: item.id,
    itemTitle: item.title,
    madeAt: new Date().toISOString(),
  });
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  const sync = (registration as { sync?: { register: (tag: string) => Promise<void> } } | undefined)
    ?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/**
 * `learner`: progress read from and saved on the server; `guest` (a visitor) and `preview` (the
 * course's owner or an admin seeing it as a learner would): free movement, nothing saved.
 */
export type LearnMode = 'learner' | 'guest' | 'preview';

interface Options {
  courseId: string;
  courseTitle: string;
  items: LearnItem[];
  mode: LearnMode;
  /** The learner's records (GET /api/progress/{courseId}); kept up to date by this hook. */
  records?: ProgressRecord[];
  /** The signed-in user's id (the progress query's key). */
  viewer: string | null;
}

/**
 * The learner's way through a course (product.md §4 "Learning"): which item is open, which are
 * complete, which may be opened, and the actions that move on. A learner's completions are saved
 * one by one, in order, and the cached records are updated from each answer; a guest's live in
 * this screen only.
 *
 * Each item has its own address, `/learn/{courseId}/{itemId}` (issue 32, point 7): the address
 * says which item is open, so it can be bookmarked and shared, and moving to another item adds a
 * history entry (the phone's Back returns to the previous item). An address opens its item when
 * it may be opened without completing anything: any item for a guest or a preview, an item whose
 * earlier items are all complete for a learner (strict order). Any other address (the course's
 * own, an unknown item, a locked one) opens the furthest item so reachable, the first incomplete
 * one (where the learner continues), and the address is corrected in place (replace, no extra
 * history entry). An address never completes anything: only the learner's own moves do
 * (Next, the outline), as before.
 */
export function useLearningPath({ courseId, courseTitle, items, mode, records, viewer }: Options) {
  const queryClient = useQueryClient();
  // Nothing saved: a visitor, or an author previewing.
  const guest = mode !== 'learner';
  const [guestDone, setGuestDone] = useState<ReadonlySet<string>>(() => new Set());
  const serverDone = useMemo(
    () => new Set((records ?? []).filter((r) => r.completed).map((r) => r.lessonId)),
    [records],
  );
  const completed = guest ? guestDone : serverDone;

  const [visited, setVisited] = useState(0);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const state = pathState(items, completed, visited);

  // The open item comes from the address; see above.
  const params = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const named = params.itemId ? normalizeId(params.itemId) : null;
  const requested = named === null ? -1 : items.findIndex((item) => item.id === named);
  const addressable =
    requested >= 0 && (guest || earlierAllComplete(requested, state)) ? requested : null;
  // A learner continues where they were: the first incomplete item (state from the server).
  const currentIndex = addressable ?? (guest ? 0 : resumeIndex(items, completed));
  const shownId = items[currentIndex]?.id ?? null;
  /** The address of an item (the course's id as the address wrote it; ?preview kept). */
  const addressOf = useCallback(
    (itemId: string) => `/learn/${params.courseId ?? courseId}/${itemId}${search}`,
    [params.courseId, courseId, search],
  );
  // In a task after the draw's (see later): the router's navigation reads the scroll position,
  // which right after a draw makes the browser lay the page out at once.
  useEffect(() => {
    if (shownId === null || params.itemId === shownId) return undefined;
    return later(
      () => void navigate(addressOf(shownId), { replace: true, preventScrollReset: true }),
    );
  }, [shownId, params.itemId, navigate, addressOf]);
  const key = progressKeys.course(courseId, viewer);
  const refreshCertificates = useRefreshCertificates();

  /** Saves the items in order; false (after telling the learner) when one is refused. */
  const complete = useCallback(
    async (toComplete: LearnItem[]): Promise<boolean> => {
      if (toComplete.length === 0) return true;
      if (guest) {
        setGuestDone((done) => new Set([...done, ...toComplete.map((item) => item.id)]));
        return true;
      }
      if (busyRef.current) return false;
      busyRef.current = true;
      setBusy(true);
      try {
        // Offline (or with earlier completions still waiting, to keep their order), the
        // completions wait on this device and are sent when the network returns.
        let offline = !navigator.onLine || (await hasWaiting(viewer, courseId));
        for (const item of toComplete) {
          if (!offline) {
            try {
              const answer = await completeItem(courseId, item.id);
              queryClient.setQueryData<ProgressRecord[]>(key, (old = []) => [
                ...old.filter((record) => record.lessonId !== item.id),
                answer.data,
              ]);
              continue;
            } catch (error) {
              if (!(error instanceof NetworkError) || viewer === null) throw error;
              offline = true;
            }
          }
          await keepOnDevice(viewer!, courseId, courseTitle, item);
          queryClient.setQueryData<ProgressRecord[]>(key, (old = []) => [
            ...old.filter((record) => record.lessonId !== item.id),
            { lessonId: item.id, progress: 100, completed: true },
          ]);
        }
        if (offline) {
          void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
          toast.info(messages.progressKeptOnDevice, { toastId: 'progress-kept' });
        }
        const done = new Set([...completed, ...toComplete.map((item) => item.id)]);
        if (!offline && items.every((item) => done.has(item.id))) void refreshCertificates();
        return true;
      } catch (error) {
        toast.error(errorMessage(error, messages.progressSaveFailed));
        // Out of order: the server knows better (another device, a changed course).
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
        return false;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [guest, courseId, courseTitle, viewer, queryClient, key, completed, items, refreshCertificates],
  );

  const isOpenable = (index: number) =>
    index >= 0 && index < items.length && (guest || canOpen(index, state));

  /** Opens an item; the incomplete items before it are completed first (product.md §4). */
  const open = async (index: number) => {
    if (!isOpenable(index) || busyRef.current) return;
    if (!guest) {
      const between = itemsToCompleteBefore(items, completed, index);
      if (!(await complete(between))) return;
    }
    setVisited((furthest) => Math.max(furthest, index));
    // A history entry per item; the item view brings its title into view itself.
    void navigate(addressOf(items[index]!.id), { preventScrollReset: true });
  };

  const canMarkComplete = (index: number) => {
    const item = items[index];
    return !!item && !completed.has(item.id) && (guest || earlierAllComplete(index, state));
  };

  /** Mark Complete, or a video played to its end. */
  const markComplete = async (index: number) => {
    const item = items[index];
    if (!item || !canMarkComplete(index)) return false;
    return complete([item]);
  };

  /**
   * A quiz passed: its attempt already completed the item on the server (one request, issue
   * 31), so nothing more is sent; the answer's record joins the cached ones.
   */
  const recordPassed = (result: QuizAttemptResult) => {
    const item = items[currentIndex];
    if (!item || !result.passed) return;
    if (guest) {
      setGuestDone((done) => new Set([...done, item.id]));
      return;
    }
    const record = result.record ?? { lessonId: item.id, progress: 100, completed: true };
    queryClient.setQueryData<ProgressRecord[]>(key, (old = []) => [
      ...old.filter((one) => one.lessonId !== record.lessonId),
      record,
    ]);
    if (result.courseCompleted) void refreshCertificates();
  };

  return {
    items,
    currentIndex,
    currentItem: items[currentIndex] ?? null,
    completed,
    percent: percentComplete(items, completed),
    allComplete: items.length > 0 && items.every((item) => completed.has(item.id)),
    busy,
    isOpenable,
    canMarkComplete,
    open,
    markComplete,
    recordPassed,
  };
}
