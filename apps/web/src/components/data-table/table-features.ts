import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import type { ColumnDef, RowData } from '@tanstack/react-table';

/**
 * What every data table can do: a filter over its text columns, sorting by one column, pages.
 * A table whose list lives on the server turns the three stages into manual ones.
 */
export const dataTableFeatures = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type DataTableFeatures = typeof dataTableFeatures;

/**
 * A column of a data table. For a server list, the column id is the field name the server sorts
 * by (`sort=id:asc`); give `enableSorting: false` to columns the server cannot sort.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/**
 * `const columns = columnsFor<User>(); columns.accessor('email', { header: messages.email })`.
 * Columns made once for a module give their header as a getter (`get header() { … }`), read
 * when the table is drawn: the module may run before the reader's language is applied. TanStack's
 * helper copies a column's fields (a getter's value of that moment); this one keeps the getters.
 */
export const columnsFor = <T extends RowData>() => {
  const helper = createColumnHelper<DataTableFeatures, T>();
  const accessor: typeof helper.accessor = (key, column) =>
    Object.defineProperties(helper.accessor(key, column), Object.getOwnPropertyDescriptors(column));
  return { ...helper, accessor };
};
