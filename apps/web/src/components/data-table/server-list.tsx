import { messages } from '@ishuri/contract';
import type { RowData } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../button';
import { DataTable } from './data-table';
import type { DataTableProps } from './data-table';
import { columnsFor } from './table-features';
import type { DataTableColumn } from './table-features';
import type { ServerTable } from './table-state';

/** A paged list's query, as TanStack Query answers it. */
interface PagedQuery<T> {
  data: { data: T[]; total?: number } | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * An admin list read page by page from the server (users, courses, blog posts, subscribers): the
 * table, its loading and error states and its retry, bound to the list's query and table state.
 */
export function ServerList<T extends RowData>({
  query,
  table,
  ...props
}: Omit<DataTableProps<T>, 'data' | 'loading' | 'error' | 'onRetry' | 'server'> & {
  query: PagedQuery<T>;
  table: ServerTable;
}) {
  return (
    <DataTable
      {...props}
      data={query.data?.data}
      loading={query.isFetching}
      error={query.isError ? messages.listLoadFailed : null}
      onRetry={() => void query.refetch()}
      server={{ state: table.state, setState: table.setState, total: query.data?.total }}
    />
  );
}

/**
 * The last column of an admin list: one button that asks to remove the row (a delete behind
 * a confirmation, components/dashboard/use-confirmed-delete.ts).
 */
export function removeColumn<T extends RowData>({
  ask,
  icon: Icon,
  text,
  label,
}: {
  ask: (row: T) => void;
  icon: LucideIcon;
  /** The button's visible word ("Delete", "Remove"). */
  text: string;
  /** The button's full name for screen readers, naming the row. */
  label: (row: T) => string;
}): DataTableColumn<T> {
  return columnsFor<T>().display({
    id: 'actions',
    header: () => <span className="sr-only">{messages.actions}</span>,
    cell: ({ row }) => (
      <Button
        size="sm"
        variant="ghost"
        className="text-red-700 hover:bg-red-50"
        onClick={() => ask(row.original)}
        aria-label={label(row.original)}
      >
        <Icon className="size-4" aria-hidden="true" />
        {text}
      </Button>
    ),
  });
}
