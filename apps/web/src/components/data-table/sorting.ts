import type { SortingState } from '@tanstack/react-table';

/** The order a column is shown in: up, down, or not ordered by it. */
export type SortDirection = 'asc' | 'desc' | false;

/** The `aria-sort` of a sortable column's header cell. */
export const ariaSort = (direction: SortDirection) =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';

/** Next order of a column: none, then ascending, then descending, then none again. */
export function nextSorting(current: SortingState, id: string): SortingState {
  const active = current[0];
  if (!active || active.id !== id) return [{ id, desc: false }];
  if (!active.desc) return [{ id, desc: true }];
  return [];
}

/** A column's name as text: its header when that is a text, else `fallback`. */
export function headerText(header: unknown, fallback: string): string {
  return typeof header === 'string' ? header : fallback;
}

/** The order as one value of the sort menu (`email:desc`; '' for the default order), and back. */
export function sortValue(sorting: SortingState): string {
  const active = sorting[0];
  return active ? `${active.id}:${active.desc ? 'desc' : 'asc'}` : '';
}

export function sortingOf(value: string): SortingState {
  const [column, direction] = value.split(':');
  return column ? [{ id: column, desc: direction === 'desc' }] : [];
}
