import { messages } from '@ishuri/contract';
import type { RowData } from '@tanstack/react-table';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { LoadFailed } from '../load-failed';
import { CardList } from './card-list';
import { headerText } from './sorting';
import type { DataTableColumn } from './table-features';
import { TablePager } from './table-pager';
import { TableRows } from './table-rows';
import { TableToolbar } from './table-toolbar';
import { useDataTable } from './use-data-table';
import type { ServerSide } from './use-data-table';

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

/**
 * The one table of the app: a filter box, sortable column headers (buttons, with `aria-sort` on
 * the header cell), page sizes 3, 5, 10 and 25, and page navigation. A client list is filtered,
 * sorted and paged here; a server list (`server`) only shows what the server answered for the
 * state it asks with (use-data-table.ts).
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
  pageSize,
  className,
}: DataTableProps<T>) {
  const table = useDataTable({ columns, data, getRowId, loading, server, pageSize });
  const { state, rows, headers } = table;
  const statusId = `${useId()}-status`;
  const filter = state.filter.trim();
  // What the rows show, as cards or as a table.
  const shown = {
    label,
    rows,
    loading,
    emptyText: filter ? messages.noMatches(filter) : emptyMessage,
  };
  const sortable = headers
    .filter((header) => header.column.getCanSort())
    .map(({ column }) => ({ id: column.id, name: headerText(column.columnDef.header, column.id) }));

  return (
    <div className={cn('space-y-3', className)}>
      <TableToolbar
        label={label}
        filter={state.filter}
        onFilter={table.setFilter}
        sortable={sortable}
        sorting={state.sorting}
        onSorting={table.setSorting}
        cardsOnly={renderCard !== undefined}
      />
      {error ? (
        <LoadFailed message={error} onRetry={onRetry} className="items-center" />
      ) : renderCard ? (
        <CardList {...shown} renderCard={renderCard} />
      ) : (
        <TableRows
          {...shown}
          statusId={statusId}
          headers={headers}
          sorting={state.sorting}
          onSorting={table.setSorting}
        />
      )}
      {!error && (
        <TablePager
          label={label}
          statusId={statusId}
          pageIndex={state.pageIndex}
          pageSize={state.pageSize}
          pageCount={table.pageCount}
          rowCount={table.rowCount}
          onPage={table.goTo}
          onPageSize={table.setPageSize}
        />
      )}
    </div>
  );
}
