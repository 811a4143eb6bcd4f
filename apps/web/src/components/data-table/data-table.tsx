import { messages } from '@ishuri/contract';
import { functionalUpdate, useTable } from '@tanstack/react-table';
import type { PaginationState, RowData, SortingState, Updater } from '@tanstack/react-table';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Search,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button';
import { FormAlert } from '../form-alert';
import { Spinner } from '../spinner';
import { dataTableFeatures } from './table-features';
import type { DataTableColumn } from './table-features';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, initialTableState } from './table-state';
import type { DataTableState } from './table-state';

/** A list the server pages, filters and sorts (see `useServerTable`). */
export interface ServerSide {
  state: DataTableState;
  setState: Dispatch<SetStateAction<DataTableState>>;
  /** How many rows match on the server (the answer's `total`); undefined while unknown. */
  total: number | undefined;
}

export interface DataTableProps<T extends RowData> {
  /** What the list is ("Users"): the table's accessible name and the filter's label. */
  label: string;
  columns: DataTableColumn<T>[];
  /** The rows: the whole list, or the current page of a server list. */
  data: T[] | undefined;
  getRowId: (row: T) => string;
  /** Shown when there is nothing at all ("No users currently"). */
  emptyMessage: string;
  loading?: boolean;
  /** Shown instead of the rows when the list could not be loaded. */
  error?: string | null;
  onRetry?: () => void;
  /** Paging, filtering and sorting happen on the server. */
  server?: ServerSide;
  /** Cards in a grid instead of table rows (the columns still give the filter and the order). */
  renderCard?: (row: T) => ReactNode;
  /** First page size of a client-side list. */
  pageSize?: number;
  className?: string;
}

const EMPTY: never[] = [];

type SortDirection = 'asc' | 'desc' | false;

const ariaSort = (direction: SortDirection) =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';

/** Next order of a column: none, then ascending, then descending, then none again. */
function nextSorting(current: SortingState, id: string): SortingState {
  const active = current[0];
  if (!active || active.id !== id) return [{ id, desc: false }];
  if (!active.desc) return [{ id, desc: true }];
  return [];
}

function headerText(header: unknown, fallback: string): string {
  return typeof header === 'string' ? header : fallback;
}

/**
 * The one table of the app: a filter box, sortable column headers (buttons, with `aria-sort` on
 * the header cell), page sizes 3, 5, 10 and 25, and page navigation. A client list is filtered,
 * sorted and paged here; a server list (`server`) only shows what the server answered for the
 * state it asks with.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  emptyMessage,
  loading = false,
  error,
  onRetry,
  server,
  renderCard,
  pageSize = DEFAULT_PAGE_SIZE,
  className,
}: DataTableProps<T>) {
  const [localState, setLocalState] = useState(() => initialTableState(pageSize));
  const state = server?.state ?? localState;
  const setState = server?.setState ?? setLocalState;
  const manual = server !== undefined;
  const id = useId();

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: data ?? EMPTY,
    getRowId: (row: T) => getRowId(row),
    state: {
      pagination: { pageIndex: state.pageIndex, pageSize: state.pageSize },
      sorting: state.sorting,
      globalFilter: state.filter,
    },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      setState((previous) => ({
        ...previous,
        ...functionalUpdate(updater, {
          pageIndex: previous.pageIndex,
          pageSize: previous.pageSize,
        }),
      })),
    onSortingChange: (updater: Updater<SortingState>) =>
      setState((previous) => ({
        ...previous,
        sorting: functionalUpdate(updater, previous.sorting),
      })),
    onGlobalFilterChange: (updater: Updater<unknown>) =>
      setState((previous) => ({
        ...previous,
        filter: String(functionalUpdate(updater, previous.filter) ?? ''),
      })),
    globalFilterFn: 'includesString',
    manualPagination: manual,
    manualSorting: manual,
    manualFiltering: manual,
    rowCount: manual ? (server.total ?? 0) : undefined,
    autoResetPageIndex: false,
    enableMultiSort: false,
  });

  const rows = table.getRowModel().rows;
  const rowCount = manual ? (server.total ?? 0) : table.getFilteredRowModel().rows.length;
  const totalKnown = manual ? server.total !== undefined : data !== undefined;
  const pageCount = Math.max(1, Math.ceil(rowCount / state.pageSize));
  const lastPage = pageCount - 1;

  // A page that no longer exists (after a delete, or a smaller list): show the last one.
  useEffect(() => {
    if (totalKnown && !loading && state.pageIndex > lastPage) {
      setState((previous) => ({ ...previous, pageIndex: lastPage }));
    }
  }, [totalKnown, loading, state.pageIndex, lastPage, setState]);

  const goTo = (pageIndex: number) =>
    setState((previous) => ({
      ...previous,
      pageIndex: Math.min(Math.max(0, pageIndex), lastPage),
    }));
  const setFilter = (filter: string) =>
    setState((previous) => ({ ...previous, filter, pageIndex: 0 }));
  const setPageSize = (size: number) =>
    setState((previous) => ({ ...previous, pageSize: size, pageIndex: 0 }));
  const setSorting = (sorting: SortingState) =>
    setState((previous) => ({ ...previous, sorting, pageIndex: 0 }));

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const sortable = headers.filter((header) => header.column.getCanSort());
  const activeSort = state.sorting[0];
  const first = rowCount === 0 ? 0 : state.pageIndex * state.pageSize + 1;
  const last = Math.min(rowCount, (state.pageIndex + 1) * state.pageSize);
  const filtering = state.filter.trim() !== '';
  const empty = rows.length === 0;
  const showSpinner = loading && empty;
  const emptyText = filtering ? messages.noMatches(state.filter.trim()) : emptyMessage;

  const filterId = `${id}-filter`;
  const sizeId = `${id}-size`;
  const sortId = `${id}-sort`;
  const statusId = `${id}-status`;

  const toolbar = (
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
            value={state.filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={messages.filterPlaceholder}
            autoComplete="off"
            className="block w-full rounded-lg border border-slate-400 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-500"
          />
        </div>
      </div>
      {sortable.length > 0 && (
        // Cards have no column headers to click: the order is chosen here (for a table, only on
        // small screens, where its rows are shown as cards too).
        <div className={cn('flex min-w-0 items-center gap-2', !renderCard && 'md:hidden')}>
          <label htmlFor={sortId} className="shrink-0 text-sm font-medium text-slate-700">
            {messages.sortBy}
          </label>
          <select
            id={sortId}
            value={activeSort ? `${activeSort.id}:${activeSort.desc ? 'desc' : 'asc'}` : ''}
            onChange={(event) => {
              const [column, direction] = event.target.value.split(':');
              setSorting(column ? [{ id: column, desc: direction === 'desc' }] : []);
            }}
            // Never wider than the screen, however long an order's name is in a language.
            className="min-w-0 flex-1 truncate rounded-lg border border-slate-400 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 sm:flex-none"
          >
            <option value="">{messages.defaultOrder}</option>
            {sortable.map((header) => {
              const name = headerText(header.column.columnDef.header, header.column.id);
              return [
                <option key={`${header.id}:asc`} value={`${header.column.id}:asc`}>
                  {messages.ascending(name)}
                </option>,
                <option key={`${header.id}:desc`} value={`${header.column.id}:desc`}>
                  {messages.descending(name)}
                </option>,
              ];
            })}
          </select>
        </div>
      )}
    </div>
  );

  const status = (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="font-medium">
          {messages.rowsPerPage}
        </label>
        <select
          id={sizeId}
          value={state.pageSize}
          onChange={(event) => setPageSize(Number(event.target.value))}
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
          disabled={state.pageIndex === 0}
          onClick={() => goTo(0)}
        >
          <ChevronsLeft className="size-4" aria-hidden="true" />
        </PagerButton>
        <PagerButton
          label={messages.previousPage}
          disabled={state.pageIndex === 0}
          onClick={() => goTo(state.pageIndex - 1)}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </PagerButton>
        <span className="px-2 whitespace-nowrap tabular-nums" data-testid="table-page">
          {messages.tablePage(Math.min(state.pageIndex, lastPage) + 1, pageCount)}
        </span>
        <PagerButton
          label={messages.nextPage}
          disabled={state.pageIndex >= lastPage}
          onClick={() => goTo(state.pageIndex + 1)}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </PagerButton>
        <PagerButton
          label={messages.lastPage}
          disabled={state.pageIndex >= lastPage}
          onClick={() => goTo(lastPage)}
        >
          <ChevronsRight className="size-4" aria-hidden="true" />
        </PagerButton>
      </nav>
    </div>
  );

  let body: ReactNode;
  if (error) {
    body = (
      <FormAlert className="items-center">
        <div className="flex flex-wrap items-center gap-3">
          <span>{error}</span>
          {onRetry && (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {messages.tryAgain}
            </Button>
          )}
        </div>
      </FormAlert>
    );
  } else if (renderCard) {
    body = showSpinner ? (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner label={messages.loading} className="size-6" />
      </div>
    ) : empty ? (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
        {emptyText}
      </p>
    ) : (
      <ul
        aria-label={label}
        aria-busy={loading || undefined}
        className={cn(
          'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
          loading && 'opacity-60 transition-opacity',
        )}
      >
        {rows.map((row) => (
          <li key={row.id} className="min-w-0">
            {renderCard(row.original)}
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <div
        // `relative`: visually hidden texts (absolutely placed) stay inside the scrolled box.
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        role="region"
        aria-label={label}
        tabIndex={0}
      >
        {/* Below the md breakpoint each row is a card: one line per cell, named by its column
            (data-label), so that nothing (Delete least of all) sits off a phone's screen. */}
        <table
          className={cn(
            'min-w-full divide-y divide-slate-200 text-left text-sm max-md:block',
            loading && 'opacity-60 transition-opacity',
          )}
          aria-busy={loading || undefined}
          aria-describedby={statusId}
        >
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 max-md:sr-only">
            <tr>
              {headers.map((header) => {
                const canSort = header.column.getCanSort();
                const direction = header.column.getIsSorted() as SortDirection;
                const Icon =
                  direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={canSort ? ariaSort(direction) : undefined}
                    className="px-4 py-3 font-semibold whitespace-nowrap text-slate-800"
                  >
                    {header.isPlaceholder ? null : canSort ? (
                      <button
                        type="button"
                        onClick={() => setSorting(nextSorting(state.sorting, header.column.id))}
                        className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-slate-200"
                      >
                        <table.FlexRender header={header} />
                        <Icon
                          className={cn('size-4', direction ? 'text-brand-700' : 'text-slate-500')}
                          aria-hidden="true"
                        />
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0 max-md:bg-slate-50 max-md:p-3">
            {showSpinner ? (
              <tr className="max-md:block">
                <td
                  colSpan={headers.length}
                  className="px-4 py-10 text-center text-brand-700 max-md:block"
                >
                  <Spinner label={messages.loading} className="mx-auto size-6" />
                </td>
              </tr>
            ) : empty ? (
              <tr className="max-md:block">
                <td
                  colSpan={headers.length}
                  className="px-4 py-10 text-center text-slate-700 max-md:block"
                >
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className="hover:bg-slate-50 max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:bg-white max-md:px-3 max-md:py-2 max-md:shadow-sm"
                >
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      data-label={headerText(cell.column.columnDef.header, '')}
                      className="px-4 py-3 align-middle text-slate-800 max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:items-center max-md:justify-between max-md:gap-x-3 max-md:gap-y-1 max-md:px-0 max-md:py-1.5 max-md:break-words max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]"
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className={cn('space-y-3', className)}>
      {toolbar}
      {body}
      {!error && status}
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
