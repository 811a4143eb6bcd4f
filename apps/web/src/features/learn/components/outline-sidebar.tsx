import { messages } from '@ishuri/contract';
import { CheckCircle2, ChevronDown, ListTree, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { itemKinds } from '../../../curriculum/item-kinds';
import type { LearnItem } from '../../../curriculum/learning-path';

interface OutlineSidebarProps {
  items: LearnItem[];
  /** The open item; null when nothing can be opened (a premium course without enrolment). */
  currentIndex: number | null;
  isCompleted: (item: LearnItem) => boolean;
  isOpenable: (index: number) => boolean;
  onOpen: (index: number) => void;
}

interface Group {
  lesson: LearnItem;
  subLessons: LearnItem[];
}

function groupByLesson(items: LearnItem[]): Group[] {
  const groups: Group[] = [];
  for (const item of items) {
    if (item.kind === 'lesson') groups.push({ lesson: item, subLessons: [] });
    else groups.at(-1)?.subLessons.push(item);
  }
  return groups;
}

function OutlineEntry({
  item,
  current,
  completed,
  locked,
  onOpen,
}: {
  item: LearnItem;
  current: boolean;
  completed: boolean;
  locked: boolean;
  onOpen: () => void;
}) {
  const Icon = completed ? CheckCircle2 : locked ? Lock : itemKinds[item.contentType].Icon;
  return (
    <button
      type="button"
      aria-current={current ? 'step' : undefined}
      aria-disabled={locked || undefined}
      data-item-id={item.id}
      onClick={locked ? undefined : onOpen}
      className={cn(
        'flex w-full items-start gap-2 rounded-lg border-l-4 px-3 py-2 text-left text-sm transition-colors',
        item.kind === 'subLesson' && 'pl-3',
        current
          ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900'
          : 'border-transparent',
        locked
          ? 'cursor-not-allowed text-slate-600'
          : !current && 'text-slate-800 hover:bg-slate-100',
      )}
    >
      <Icon
        className={cn(
          'mt-0.5 size-4 shrink-0',
          completed ? 'text-green-700' : locked ? 'text-slate-500' : 'text-brand-700',
        )}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1 break-words">{item.title}</span>
      {completed && (
        <span className="shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
          {messages.completed}
        </span>
      )}
      {locked && <span className="sr-only">{messages.locked}</span>}
    </button>
  );
}

/**
 * The course outline: its lessons, each with its sub-lessons, the open one marked
 * (`aria-current`), completed ones with a check and a "Completed" badge, locked ones marked and
 * not openable. On small screens it folds behind a toggle.
 */
export function OutlineSidebar({
  items,
  currentIndex,
  isCompleted,
  isOpenable,
  onOpen,
}: OutlineSidebarProps) {
  const [expanded, setExpanded] = useState(false);
  const navId = useId();
  const headingId = useId();

  const entry = (item: LearnItem) => (
    <OutlineEntry
      item={item}
      current={item.index === currentIndex}
      completed={isCompleted(item)}
      locked={!isOpenable(item.index)}
      onOpen={() => {
        setExpanded(false);
        onOpen(item.index);
      }}
    />
  );

  return (
    <aside className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 lg:hidden"
        aria-expanded={expanded}
        aria-controls={navId}
        onClick={() => setExpanded((value) => !value)}
      >
        <span className="flex items-center gap-2">
          <ListTree className="size-5 text-brand-700" aria-hidden="true" />
          {messages.courseOutline}
        </span>
        <ChevronDown
          className={cn('size-5 transition-transform', expanded && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <nav
        id={navId}
        aria-labelledby={headingId}
        className={cn(
          'mt-2 rounded-xl border border-slate-200 bg-white p-3 lg:mt-0 lg:block',
          expanded ? 'block' : 'hidden',
        )}
      >
        <h2 id={headingId} className="px-3 pb-2 text-base font-bold text-slate-900">
          {messages.courseOutline}
        </h2>
        <ol className="space-y-1">
          {groupByLesson(items).map(({ lesson, subLessons }) => (
            <li key={lesson.id}>
              {entry(lesson)}
              {subLessons.length > 0 && (
                <ol className="mt-1 ml-4 space-y-1 border-l border-slate-200 pl-2">
                  {subLessons.map((sub) => (
                    <li key={sub.id}>{entry(sub)}</li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      </nav>
    </aside>
  );
}
