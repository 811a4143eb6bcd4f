import { messages } from './i18n';
import type { ListQuery, ListResponse } from '@ishuri/contract';
import { and, asc, desc, getTableColumns, getTableName, ilike, or, sql } from 'drizzle-orm';
import type { AnyColumn, InferSelectModel, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { fail } from './errors';

export const DEFAULT_PAGE_SIZE = 10;
/**
 * Without page parameters a list answers at most this many rows, with `total` so that a client
 * can tell it got only part (decisions.md §1). That bound is what keeps a large list from
 * holding a process: about 10 ms of work at 1,000 rows; a client wanting more pages.
 */
export const UNPAGED_LIMIT = 1000;

/** The row a list reads when it names its columns: each column's value, null where it may be. */
export type ColumnsRow<TColumns extends Record<string, PgColumn>> = {
  [K in keyof TColumns]: TColumns[K]['_']['notNull'] extends true
    ? TColumns[K]['_']['data']
    : TColumns[K]['_']['data'] | null;
};

export interface ListSpec {
  /** Columns the `q` filter looks in (case-insensitive substring). */
  searchable: AnyColumn[];
  /** Fields that `sort=field:asc|desc` accepts, by the name the client uses. */
  sortable: Record<string, AnyColumn>;
  /** The order when no sort is asked for. */
  defaultOrder: SQL[];
  /** A condition every row must meet (e.g. one owner's rows). */
  where?: SQL;
}

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  paged: boolean;
  page: number;
  pageSize: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Turns `page`, `pageSize`, `q` and `sort` into a query plan (decisions.md §1). Without any of
 * them the whole list is asked for, as the web app of product.md expects.
 */
export function planList(spec: ListSpec, query: ListQuery): ListPlan {
  const paged =
    query.page !== undefined ||
    query.pageSize !== undefined ||
    (query.q !== undefined && query.q !== '') ||
    query.sort !== undefined;
  const conditions: SQL[] = [];
  if (spec.where) conditions.push(spec.where);
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const matches = spec.searchable.map((column) => ilike(column, pattern));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  let orderBy = spec.defaultOrder;
  if (query.sort) {
    const [field, direction] = query.sort.split(':') as [string, 'asc' | 'desc'];
    // Only the spec's own fields: `constructor` or `toString` are on every object's prototype.
    const column = Object.hasOwn(spec.sortable, field) ? spec.sortable[field] : undefined;
    if (!column) {
      throw fail('BAD_SORT', {
        message: messages.sortNotPossible(field),
        fields: { sort: messages.sortUseOneOf(Object.keys(spec.sortable).join(', ')) },
      });
    }
    orderBy = [direction === 'asc' ? asc(column) : desc(column), ...spec.defaultOrder];
  }
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    paged,
    page,
    pageSize,
    ...(paged
      ? { limit: pageSize, offset: (page - 1) * pageSize }
      : { limit: UNPAGED_LIMIT, offset: 0 }),
  };
}

export const countAll = sql<number>`cast(count(*) as integer)`;

/**
 * Above this many rows (by the table's statistics), the total of a whole table, unfiltered, is
 * PostgreSQL's estimate (`pg_class.reltuples`, kept by ANALYZE and autovacuum, usually within a
 * few percent) instead of a count: counting 100k rows was most of a first page's time. Filtered
 * lists, and smaller tables, count exactly, from the indexes where the filter has one.
 */
export const ESTIMATE_ABOVE = 50_000;

/**
 * The one paged-list query: the rows of one table that `spec` and the client's `page`,
 * `pageSize`, `q` and `sort` select, each shaped by `present`, with the total. Without page
 * parameters, the first UNPAGED_LIMIT rows. Every list of the API goes through here.
 *
 * With `columns`, only those are read (the ones `present` uses): a whole row is parsed and
 * mapped column by column, on the event loop, for every one of up to 1,000 rows, and columns a
 * list never shows (a password hash, a second timestamp) were most of that work.
 */
export function listPage<TTable extends PgTable, T>(
  db: Db,
  table: TTable,
  spec: ListSpec,
  query: ListQuery,
  present: (row: InferSelectModel<TTable>) => T,
): Promise<ListResponse<T>>;
export function listPage<TTable extends PgTable, TColumns extends Record<string, PgColumn>, T>(
  db: Db,
  table: TTable,
  spec: ListSpec,
  query: ListQuery,
  present: (row: ColumnsRow<TColumns>) => T,
  columns: TColumns,
): Promise<ListResponse<T>>;
export async function listPage<T>(
  db: Db,
  table: PgTable,
  spec: ListSpec,
  query: ListQuery,
  present: (row: never) => T,
  columns?: Record<string, PgColumn>,
): Promise<ListResponse<T>> {
  const plan = planList(spec, query);
  const rows = (await db
    .select(columns ?? getTableColumns(table))
    .from(table)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset)) as never[];
  const data = rows.map((row) => present(row));
  // A short first page is the whole list: no count needed.
  const total =
    plan.offset === 0 && rows.length < plan.limit
      ? rows.length
      : await countRows(db, table, plan.where);
  if (!plan.paged) return { data, total };
  return { data, total, page: plan.page, pageSize: plan.pageSize };
}

async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  if (!where) {
    // -1 for a table never analysed yet: counted.
    const estimate = (await db.execute(
      sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${getTableName(table)})`,
    )) as unknown as { rows: { n: number | string }[] };
    const n = Math.round(Number(estimate.rows[0]?.n ?? -1));
    if (n > ESTIMATE_ABOVE) return n;
  }
  const [row] = await db.select({ n: countAll }).from(table).where(where);
  return row?.n ?? 0;
}
