import { messages } from '@ishuri/contract';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { PAGE_SIZES } from './table-state';

/**
 * Below a table: the page size menu, which rows are shown (announced as they change, and the
 * table's description), and the first, previous, next and last page buttons.
 */
export function TablePager({
  label,
  statusId,
  pageIndex,
  pageSize,
  pageCount,
  rowCount,
  onPage,
  onPageSize,
}: {
  label: string;
  /** The id of the "Showing 1 to 10 of 42" line, which describes the table. */
  statusId: string;
  pageIndex: number;
  pageSize: number;
  pageCount: number;
  rowCount: number;
  onPage: (pageIndex: number) => void;
  onPageSize: (size: number) => void;
}) {
  const sizeId = useId();
  const lastPage = pageCount - 1;
  const first = rowCount === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(rowCount, (pageIndex + 1) * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="font-medium">
          {messages.rowsPerPage}
        </label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className="rounded-lg border border-slate-400 bg-white py-1.5 pr-8 pl-3 text-sm text-slate-900"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p id={statusId} aria-live="polite" className="tabular-nums">
        {rowCount > 0 ? messages.tableShowing(first, last, rowCount) : null}
      </p>
      <nav aria-label={messages.pages(label)} className="flex items-center gap-1">
        <PagerButton
          label={messages.firstPage}
          disabled={pageIndex === 0}
          onClick={() => onPage(0)}
        >
          <ChevronsLeft className="size-4" aria-hidden="true" />
        </PagerButton>
        <PagerButton
          label={messages.previousPage}
          disabled={pageIndex === 0}
          onClick={() => onPage(pageIndex - 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </PagerButton>
        <span className="px-2 whitespace-nowrap tabular-nums" data-testid="table-page">
          {messages.tablePage(Math.min(pageIndex, lastPage) + 1, pageCount)}
        </span>
        <PagerButton
          label={messages.nextPage}
          disabled={pageIndex >= lastPage}
          onClick={() => onPage(pageIndex + 1)}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </PagerButton>
        <PagerButton
          label={messages.lastPage}
          disabled={pageIndex >= lastPage}
          onClick={() => onPage(lastPage)}
        >
          <ChevronsRight className="size-4" aria-hidden="true" />
        </PagerButton>
      </nav>
    </div>
  );
}

function PagerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {children}
    </button>
  );
}
