import { messages } from '@ishuri/contract';
import type { QuizAttemptResult } from '@ishuri/contract';
import { CheckCircle2, ChevronLeft, ChevronRight } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { courseKeys } from '../../../api/courses';
import { Button } from '../../../components/button';
import { itemKinds } from '../../../curriculum/item-kinds';
import { useAfterDraw } from '../../../lib/later';
import type { LearnItem } from '../../../curriculum/learning-path';

/**
 * The item's files come after the page's own code, as their list comes after the item (issue
 * 30, point 3: the learning page's first load). Their code is asked for once the item is drawn,
 * not while it is: its files (the list, the whole English catalogue) then do not share the
 * network with the item's text, and the list's fallback does not make React hold the text back.
 */
const ResourceList = lazy(() =>
  import('../../../curriculum/resource-list').then((module) => ({ default: module.ResourceList })),
);

interface ItemViewProps {
  item: LearnItem;
  courseId: string;
  total: number;
  completed: boolean;
  canMarkComplete: boolean;
  canOpenPrevious: boolean;
  canOpenNext: boolean;
  busy: boolean;
  onMarkComplete: () => void;
  /** The learner reached the item's end (a video played to its end): complete it. */
  onDone: () => void;
  /** A quiz passed: the attempt completed the item on the server (one request, issue 31). */
  onQuizPassed: (result: QuizAttemptResult) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** The content pane: the open item's title, description and text or video, and the actions. */
export function ItemView({
  item,
  courseId,
  total,
  completed,
  canMarkComplete,
  canOpenPrevious,
  canOpenNext,
  busy,
  onMarkComplete,
  onDone,
  onQuizPassed,
  onPrevious,
  onNext,
}: ItemViewProps) {
  // Another item opened (Next at the end of a long text): bring its title into view.
  const article = useRef<HTMLElement>(null);
  const shown = useRef(item.id);
  useEffect(() => {
    if (shown.current === item.id) return;
    shown.current = item.id;
    const top = article.current?.getBoundingClientRect().top ?? 0;
    if (top < 64) article.current?.scrollIntoView({ block: 'start' });
  }, [item.id]);

  const below = useAfterDraw();

  const queryClient = useQueryClient();
  const { Reader, markable } = itemKinds[item.contentType];
  return (
    <article
      ref={article}
      aria-labelledby={`item-${item.id}`}
      className="min-w-0 scroll-mt-24 space-y-6"
    >
      <header className="space-y-2">
        <p className="text-sm font-medium text-slate-600">
          {item.kind === 'subLesson' ? messages.subLesson : messages.lessonLabel} · {item.index + 1}{' '}
          {messages.of2} {total}
        </p>
        <h2 id={`item-${item.id}`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {item.title}
        </h2>
        {item.description && <p className="text-slate-700">{item.description}</p>}
      </header>

      <Reader
        item={item}
        courseId={courseId}
        onDone={onDone}
        onPassed={onQuizPassed}
        onStale={() => queryClient.invalidateQueries({ queryKey: courseKeys.all })}
      />

      {below && (
        <Suspense fallback={null}>
          <ResourceList courseId={courseId} itemId={item.id} level={3} />
        </Suspense>
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {completed ? (
          <p className="inline-flex items-center gap-2 font-semibold text-green-800" role="status">
            <CheckCircle2 className="size-5" aria-hidden="true" />
            {messages.completed}
          </p>
        ) : markable ? (
          <Button onClick={onMarkComplete} disabled={!canMarkComplete} loading={busy}>
            {messages.markComplete}
          </Button>
        ) : null}
        <nav aria-label={messages.lessons2} className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={onPrevious} disabled={!canOpenPrevious || busy}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            {messages.previous}
          </Button>
          <Button variant="secondary" onClick={onNext} disabled={!canOpenNext || busy}>
            {messages.next}
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      </div>
    </article>
  );
}
