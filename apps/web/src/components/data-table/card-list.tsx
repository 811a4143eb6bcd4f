import { messages } from '@ishuri/contract';
import type { Row, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../spinner';
import type { DataTableFeatures } from './table-features';

/** The rows as cards in a grid (one column on a phone, up to three on a wide screen). */
export function CardList<T extends RowData>({
  label,
  rows,
  loading,
  emptyText,
  renderCard,
}: {
  label: string;
  rows: Row<DataTableFeatures, T>[];
  loading: boolean;
  /** Why there are no rows, shown when there are none and none are on their way. */
  emptyText: string;
  renderCard: (row: T) => ReactNode;
}) {
  if (rows.length === 0 && loading) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner label={messages.loading} className="size-6" />
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700">
        {emptyText}
      </p>
    );
  }
  return (
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
}
