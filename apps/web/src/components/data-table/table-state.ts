import type { ListQuery } from '@ishuri/contract';
import type { SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** The page size choices of every table (product.md §9). */
export const PAGE_SIZES = [3, 5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** What a table shows: which page, how many rows, in which order, with which filter. */
export interface DataTableState {
  pageIndex: number;
  pageSize: number;
  sorting: SortingState;
  filter: string;
}

export const initialTableState = (pageSize: number = DEFAULT_PAGE_SIZE): DataTableState => ({
  pageIndex: 0,
  pageSize,
  sorting: [],
  filter: '',
});

/** The list parameters of decisions.md §1 for a table state (`sort=field:asc|desc`). */
export function toListQuery(state: DataTableState, filter = state.filter): ListQuery {
  const sort = state.sorting[0];
  const q = filter.trim();
  return {
    page: state.pageIndex + 1,
    pageSize: state.pageSize,
    ...(q ? { q } : {}),
    ...(sort ? { sort: `${sort.id}:${sort.desc ? 'desc' : 'asc'}` } : {}),
  };
}

export interface ServerTable {
  state: DataTableState;
  setState: Dispatch<SetStateAction<DataTableState>>;
  /** The parameters to ask the server with; the filter text waits until typing pauses. */
  query: ListQuery;
}

/**
 * The state of a table whose rows the server pages, filters and sorts: put `query` in the
 * query key and the request, and pass `{ state, setState }` to the table.
 */
export function useServerTable(pageSize: number = DEFAULT_PAGE_SIZE): ServerTable {
  const [state, setState] = useState(() => initialTableState(pageSize));
  const filter = useDebouncedValue(state.filter, 300);
  const query = useMemo(() => toListQuery(state, filter), [state, filter]);
  return { state, setState, query };
}
