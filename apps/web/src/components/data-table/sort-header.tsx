import { FlexRender } from '@tanstack/react-table';
import type { Header, RowData, SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import { ariaSort, nextSorting } from './sorting';
import type { SortDirection } from './sorting';
import type { DataTableFeatures } from './table-features';

/**
 * A column's header cell. A sortable column's name is a button that orders the list by it (none,
 * ascending, descending, none again), with an arrow showing the order and `aria-sort` on the cell.
 */
export function SortHeader<T extends RowData>({
  header,
  sorting,
  onSorting,
}: {
  header: Header<DataTableFeatures, T>;
  sorting: SortingState;
  onSorting: (sorting: SortingState) => void;
}) {
  const canSort = header.column.getCanSort();
  const direction = header.column.getIsSorted() as SortDirection;
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={canSort ? ariaSort(direction) : undefined}
      className="px-4 py-3 font-semibold whitespace-nowrap text-slate-800"
    >
      {header.isPlaceholder ? null : canSort ? (
        <button
          type="button"
          onClick={() => onSorting(nextSorting(sorting, header.column.id))}
          className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-slate-200"
        >
          <FlexRender header={header} />
          <Icon
            className={cn('size-4', direction ? 'text-brand-700' : 'text-slate-500')}
            aria-hidden="true"
          />
        </button>
      ) : (
        <FlexRender header={header} />
      )}
    </th>
  );
}
