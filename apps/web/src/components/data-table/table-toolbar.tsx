import { messages } from '@ishuri/contract';
import type { SortingState } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { sortValue, sortingOf } from './sorting';

/** A column the list may be ordered by: its id and its name as the reader sees it. */
interface SortableColumn {
  id: string;
  name: string;
}

/**
 * Above a table: the filter box, and the order menu. Cards have no column headers to click, so
 * their order is chosen in the menu; a table shows the menu only on small screens, where its rows
 * are cards too (`cardsOnly` false).
 */
export function TableToolbar({
  label,
  filter,
  onFilter,
  sortable,
  sorting,
  onSorting,
  cardsOnly,
}: {
  label: string;
  filter: string;
  onFilter: (filter: string) => void;
  sortable: SortableColumn[];
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
  cardsOnly: boolean;
}) {
  const id = useId();
  const filterId = `${id}-filter`;
  const sortId = `${id}-sort`;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="w-full sm:w-72">
        <label htmlFor={filterId} className="sr-only">
          {messages.filterBy(label.toLowerCase())}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => onFilter(event.target.value)}
            placeholder={messages.filterPlaceholder}
            autoComplete="off"
            className="block w-full rounded-lg border border-slate-400 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500"
          />
        </div>
      </div>
      {sortable.length > 0 && (
        <div className={cn('flex min-w-0 items-center gap-2', !cardsOnly && 'md:hidden')}>
          <label htmlFor={sortId} className="shrink-0 text-sm font-medium text-slate-700">
            {messages.sortBy}
          </label>
          <select
            id={sortId}
            value={sortValue(sorting)}
            onChange={(event) => onSorting(sortingOf(event.target.value))}
            // Never wider than the screen, however long an order's name is in a language.
            className="min-w-0 flex-1 truncate rounded-lg border border-slate-400 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 sm:flex-none"
          >
            <option value="">{messages.defaultOrder}</option>
            {sortable.map((column) => [
              <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
                {messages.ascending(column.name)}
              </option>,
              <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
                {messages.descending(column.name)}
              </option>,
            ])}
          </select>
        </div>
      )}
    </div>
  );
}
