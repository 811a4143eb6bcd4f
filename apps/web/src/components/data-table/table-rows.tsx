import { messages } from '@ishuri/contract';
import { FlexRender } from '@tanstack/react-table';
import type { Header, Row, RowData, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../spinner';
import { SortHeader } from './sort-header';
import { headerText } from './sorting';
import type { DataTableFeatures } from './table-features';

/** The body's one cell when there are no rows to show (the spinner, or why there are none). */
function LoneRow({
  span,
  className,
  children,
}: {
  span: number;
  className: string;
  children: ReactNode;
}) {
  return (
    <tr className="max-md:block">
      <td colSpan={span} className={cn('px-4 py-10 text-center max-md:block', className)}>
        {children}
      </td>
    </tr>
  );
}

/**
 * The rows as a table, scrolled sideways inside its box when wider than the screen. Below the md
 * breakpoint each row is a card: one line per cell, named by its column (data-label), so that
 * nothing (Delete least of all) sits off a phone's screen.
 */
export function TableRows<T extends RowData>({
  label,
  statusId,
  headers,
  rows,
  loading,
  emptyText,
  sorting,
  onSorting,
}: {
  label: string;
  /** The id of the line saying which rows are shown: the table's description. */
  statusId: string;
  headers: Header<DataTableFeatures, T>[];
  rows: Row<DataTableFeatures, T>[];
  loading: boolean;
  /** Why there are no rows, shown when there are none and none are on their way. */
  emptyText: string;
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
}) {
  return (
    <div
      // `relative`: visually hidden texts (absolutely placed) stay inside the scrolled box.
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
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
            {headers.map((header) => (
              <SortHeader key={header.id} header={header} sorting={sorting} onSorting={onSorting} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0 max-md:bg-slate-50 max-md:p-3">
          {rows.length === 0 && loading ? (
            <LoneRow span={headers.length} className="text-brand-700">
              <Spinner label={messages.loading} className="mx-auto size-6" />
            </LoneRow>
          ) : rows.length === 0 ? (
            <LoneRow span={headers.length} className="text-slate-700">
              {emptyText}
            </LoneRow>
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
                    <FlexRender cell={cell} />
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
