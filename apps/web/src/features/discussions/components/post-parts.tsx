import { messages } from '@ishuri/contract';
import type { PostAuthor } from '@ishuri/contract';
import { longDate } from '../../../lib/format';

/** Who wrote a post: their name, or "Former learner" once the account is deleted. */
export function AuthorLine({ author, at }: { author: PostAuthor; at: string }) {
  return (
    <p className="text-sm text-slate-600">
      <span className="font-medium text-slate-800">
        {author ? `${author.firstName} ${author.lastName}`.trim() : messages.formerLearner}
      </span>{' '}
      · {longDate(at)}
    </p>
  );
}

/** A small label beside a thread or a reply (Pinned, Closed, Answered, Hidden). */
export function Badge({
  children,
  tone = 'slate',
}: {
  children: string;
  tone?: 'slate' | 'green';
}) {
  return (
    <span
      className={
        tone === 'green'
          ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800'
          : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700'
      }
    >
      {children}
    </span>
  );
}

/** Previous and next page buttons of a paged list. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last === 1) return null;
  return (
    <div className="flex items-center justify-between gap-3 pt-2">
      <button
        type="button"
        className="rounded-lg px-3 py-2 font-medium text-brand-700 disabled:text-slate-400"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {messages.previousPage}
      </button>
      <span className="text-sm text-slate-600">
        {page} / {last}
      </span>
      <button
        type="button"
        className="rounded-lg px-3 py-2 font-medium text-brand-700 disabled:text-slate-400"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        {messages.nextPage}
      </button>
    </div>
  );
}
