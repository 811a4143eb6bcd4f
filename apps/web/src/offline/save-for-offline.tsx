import { messages } from '@ishuri/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Download, HardDriveDownload, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toastLater as toast } from '../lib/toast';
import { courseOptions } from '../api/courses';
import { myEnrolmentsOptions } from '../api/enrolments';
import { progressOptions } from '../api/progress';
import { keepResourceLists, savableResources } from '../api/resources';
import { Button } from '../components/button';
import { useSession } from '../lib/auth';
import { useRefreshSaved, useRemoveSaved, useSavedCourse } from './saved-queries';
import { planSave, SaveCancelled, saveCourse, savedQualityName } from './saved-courses';
import type { SaveOption } from './saved-courses';
import { storageFacts } from './storage';
import { fileSize } from '../lib/format';

/** The size of a picture or captions file, as the server says (HEAD), before fetching it. */
async function sizeOf(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'HEAD' });
    const length = Number(response.headers.get('content-length'));
    return response.ok && Number.isFinite(length) && length > 0 ? length : null;
  } catch {
    return null;
  }
}

type Step =
  | { name: 'idle' }
  | { name: 'planning' }
  | { name: 'choosing'; options: SaveOption[]; free: number | null }
  | { name: 'saving'; total: number; done: number };

/**
 * "Save for offline" for a course the signed-in user may read (issue 15, point 3): the video
 * sizes to choose from, each with what the whole course costs, and the device's free space,
 * before anything is spent; then the progress; then what is saved, with Remove.
 */
export function SaveForOffline({ courseId, title }: { courseId: string; title: string }) {
  const session = useSession();
  const userId = session?.id ?? null;
  const queryClient = useQueryClient();
  const saved = useSavedCourse(courseId);
  const refreshSaved = useRefreshSaved();
  const remove = useRemoveSaved();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [quality, setQuality] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const groupId = useId();

  if (!userId || typeof caches === 'undefined') return null;

  const plan = async () => {
    setStep({ name: 'planning' });
    try {
      const course = await queryClient.fetchQuery(courseOptions(courseId, userId));
      // The basic resources the user may download go with the course (issue 34, point 1).
      const resources = (await savableResources(courseId)).map((resource) => ({
        url: resource.downloadUrl,
        bytes: resource.size,
        auth: true,
      }));
      const [options, facts] = await Promise.all([
        planSave(course, sizeOf, resources),
        storageFacts(),
      ]);
      const smallest = options.find((option) => option.quality !== 'audio') ?? options[0]!;
      setQuality(smallest.quality);
      setStep({ name: 'choosing', options, free: facts.free });
    } catch {
      toast.error(messages.saveFailed);
      setStep({ name: 'idle' });
    }
  };

  const save = async (option: SaveOption, free: number | null) => {
    if (free !== null && option.bytes > free) {
      toast.error(messages.saveNoSpace);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'saving', total: option.bytes, done: 0 });
    try {
      await saveCourse(userId, { id: courseId, title }, option, {
        signal: controller.signal,
        onProgress: (done) => setStep((now) => (now.name === 'saving' ? { ...now, done } : now)),
        // Read again (not from memory), so that the service worker keeps them with it.
        fetchReads: () =>
          Promise.all([
            queryClient.fetchQuery({ ...courseOptions(courseId, userId), staleTime: 0 }),
            queryClient.fetchQuery({ ...progressOptions(courseId, userId), staleTime: 0 }),
            queryClient.fetchQuery({
              ...myEnrolmentsOptions(userId, [courseId]),
              staleTime: 0,
            }),
            keepResourceLists(courseId, (options) =>
              queryClient.fetchInfiniteQuery({ ...options, staleTime: 0 }),
            ),
          ]),
      });
      // Ask the browser to keep what was saved when space runs low (it may say no).
      await navigator.storage?.persist?.().catch(() => false);
      toast.success(messages.saveDone(title));
    } catch (error) {
      toast.error(error instanceof SaveCancelled ? messages.saveCancelled : messages.saveFailed);
    } finally {
      abort.current = null;
      setStep({ name: 'idle' });
      await refreshSaved(courseId);
    }
  };

  if (saved.data) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-950">
        <span className="inline-flex items-center gap-2">
          <HardDriveDownload className="size-4" aria-hidden="true" />
          {messages.savedSummary(fileSize(saved.data.bytes), savedQualityName(saved.data.quality))}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void remove(courseId, title)}
          aria-label={messages.removeSavedOf(title)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {messages.removeSaved}
        </Button>
      </div>
    );
  }

  if (step.name === 'saving') {
    return (
      <div className="space-y-2" role="status">
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-blue-700"
          value={step.total > 0 ? Math.min(step.done, step.total) : undefined}
          max={step.total > 0 ? step.total : undefined}
          aria-label={messages.saveForOfflineOf(title)}
        />
        <p className="text-sm text-slate-700">
          {messages.savingProgress(fileSize(step.done), fileSize(step.total))}
        </p>
        <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
          {messages.cancel}
        </Button>
      </div>
    );
  }

  if (step.name === 'choosing') {
    const chosen = step.options.find((option) => option.quality === quality) ?? step.options[0]!;
    const onlyText = step.options.length === 1 && step.options[0]!.quality === null;
    return (
      <div className="space-y-3 rounded-lg border border-slate-200 p-3">
        {onlyText ? (
          <p className="text-sm text-slate-700">{messages.saveTextOnly}</p>
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-slate-900">
              {messages.saveVideoSize}
            </legend>
            {step.options.map((option) => (
              <label
                key={option.quality ?? 'text'}
                className="flex cursor-pointer items-center gap-2 text-sm text-slate-900"
              >
                <input
                  type="radio"
                  name={`${groupId}-quality`}
                  value={option.quality ?? ''}
                  checked={option.quality === chosen.quality}
                  onChange={() => setQuality(option.quality)}
                  className="accent-blue-700"
                />
                {messages.saveSizeOption(savedQualityName(option.quality), fileSize(option.bytes))}
              </label>
            ))}
          </fieldset>
        )}
        {step.free !== null && (
          <p className="text-sm text-slate-600">{messages.storageFree(fileSize(step.free))}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void save(chosen, step.free)}>
            <Download className="size-4" aria-hidden="true" />
            {messages.saveWithSize(fileSize(chosen.bytes))}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setStep({ name: 'idle' })}>
            {messages.cancel}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Button
      variant="secondary"
      className="w-full"
      loading={step.name === 'planning'}
      onClick={() => void plan()}
      aria-label={messages.saveForOfflineOf(title)}
    >
      <Download className="size-4" aria-hidden="true" />
      {messages.saveForOffline}
    </Button>
  );
}
