import { functionalUpdate, useTable } from '@tanstack/react-table';
import type { PaginationState, RowData, SortingState, Updater } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { dataTableFeatures } from './table-features';
import type { DataTableColumn } from './table-features';
import { DEFAULT_PAGE_SIZE, initialTableState } from './table-state';
import type { DataTableState } from './table-state';

/** A list the server pages, filters and sorts (see `useServerTable`). */
export interface ServerSide {
  state: DataTableState;
  setState: Dispatch<SetStateAction<DataTableState>>;
  /** How many rows match on the server (the answer's `total`); undefined while unknown. */
  total: number | undefined;
}

const EMPTY: never[] = [];

/**
 * The table's state and rows: a client list is filtered, sorted and paged here; a server list
 * (`server`) keeps the state the server is asked with and shows the rows it answered. Every
 * change of filter, order or page size goes back to the first page; a page that no longer exists
 * (after a delete, or in a smaller list) gives way to the last one.
 */
export function useDataTable<T extends RowData>({
  columns,
  data,
  getRowId,
  loading,
  server,
  pageSize = DEFAULT_PAGE_SIZE,
}: {
  columns: DataTableColumn<T>[];
  data: T[] | undefined;
  getRowId: (row: T) => string;
  loading: boolean;
  server?: ServerSide;
  pageSize?: number;
}) {
  const [localState, setLocalState] = useState(() => initialTableState(pageSize));
  const state = server?.state ?? localState;
  const setState = server?.setState ?? setLocalState;
  const manual = server !== undefined;
  const change = (next: Partial<DataTableState>) =>
    setState((previous) => ({ ...previous, ...next }));

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

  const rowCount = manual ? (server.total ?? 0) : table.getFilteredRowModel().rows.length;
  const totalKnown = manual ? server.total !== undefined : data !== undefined;
  const pageCount = Math.max(1, Math.ceil(rowCount / state.pageSize));
  const lastPage = pageCount - 1;

  useEffect(() => {
    if (totalKnown && !loading && state.pageIndex > lastPage) {
      setState((previous) => ({ ...previous, pageIndex: lastPage }));
    }
  }, [totalKnown, loading, state.pageIndex, lastPage, setState]);

  return {
    state,
    rows: table.getRowModel().rows,
    headers: table.getHeaderGroups()[0]?.headers ?? [],
    rowCount,
    pageCount,
    goTo: (pageIndex: number) => change({ pageIndex: Math.min(Math.max(0, pageIndex), lastPage) }),
    setFilter: (filter: string) => change({ filter, pageIndex: 0 }),
    setPageSize: (size: number) => change({ pageSize: size, pageIndex: 0 }),
    setSorting: (sorting: SortingState) => change({ sorting, pageIndex: 0 }),
  };
}
