import { messages } from './i18n';
import { MAX_PAGE_SIZE } from '@ishuri/contract';
import type { ListQuery, ListResponse } from '@ishuri/contract';
import { and, asc, desc, getTableName, ilike, or, sql } from 'drizzle-orm';
import type { AnyColumn, InferSelectModel, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { listVersions } from '../db/schema';
import type { Db } from '../db/client';
import { fail } from './errors';
import { WorkGate } from './work-gate';

export const DEFAULT_PAGE_SIZE = 10;
/**
 * Without page parameters a list answers at most this many rows, with `total` so that a client
 * can tell it got only part (decisions.md §1).
 */
export const UNPAGED_LIMIT = 1000;

/**
 * Answers of more rows than a page (unpaged lists: up to UNPAGED_LIMIT) are built one at a time
 * in a process, the others waiting in line (at most LARGE_LISTS_WAITING; then 503). Building one
 * (reading, mapping and presenting 1,000 rows; writing and tagging its JSON) holds the event loop
 * for about 10 ms at a time: two admins loading the whole user list without pause kept it busy
 * most of the time, and every other request of the process waited behind them. With others
 * waiting, the next one starts only after a rest as long as the last one took, so large lists
 * hold a process at most about half of the time (bench/scale.ts, 100k users: /api/health p99
 * 7 ms alone; beside two connections loading the user list 35 ms with no gate, 19–28 ms one at
 * a time, 8–13 ms with the rest, the list then served at 109–127 answers a second instead of
 * 153). Pages of MAX_PAGE_SIZE or fewer rows never wait here.
 */
export const LARGE_LISTS_WAITING = 64;
export const largeLists = new WorkGate(1, LARGE_LISTS_WAITING, 1);

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
 * Totals counted at a table's version (migration 0005), by database, table and filter: a list's
 * first page at 100k rows spent most of its time counting, and a total does not change until
 * the table is written. At most COUNTS_KEPT per database (the oldest go first).
 */
const COUNTS_KEPT = 10_000;
const countsByDatabase = new WeakMap<Db, Map<string, { version: string; n: number }>>();

function keptCounts(db: Db) {
  let counts = countsByDatabase.get(db);
  if (!counts) {
    counts = new Map();
    countsByDatabase.set(db, counts);
  }
  return counts;
}

/**
 * The one paged-list query: the rows of one table that `spec` and the client's `page`,
 * `pageSize`, `q` and `sort` select, each shaped by `present`, with the total. Without page
 * parameters, the first UNPAGED_LIMIT rows. Every list of the API goes through here.
 *
 * With `columns`, only those are read (the ones `present` uses): a whole row is parsed and
 * mapped column by column, on the event loop, for every one of up to 1,000 rows, and columns a
 * list never shows (a password hash, a second timestamp) were most of that work.
 *
 * The rows come with the table's version, read in the same statement (so at the same moment as
 * the rows); a total counted before at that version is answered without counting again. Not
 * for use inside a transaction that writes to the table.
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
export function listPage<T>(
  db: Db,
  table: PgTable,
  spec: ListSpec,
  query: ListQuery,
  present: (row: never) => T,
  columns?: Record<string, PgColumn>,
): Promise<ListResponse<T>> {
  const plan = planList(spec, query);
  const read = () => readPage(db, table, plan, present as (row: unknown) => T, columns);
  return plan.limit > MAX_PAGE_SIZE ? largeLists.run(read) : read();
}

async function readPage<T>(
  db: Db,
  table: PgTable,
  plan: ListPlan,
  present: (row: unknown) => T,
  columns: Record<string, PgColumn> | undefined,
): Promise<ListResponse<T>> {
  const name = getTableName(table);
  const rows = (await db
    .select({
      row: columns ?? table,
      version: sql<
        string | null
      >`(select ${listVersions.version}::text from ${listVersions} where ${listVersions.name} = ${name})`,
    })
    .from(table)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset)) as { row: unknown; version: string | null }[];
  const data = rows.map(({ row }) => present(row));
  // A short first page is the whole list: no count needed.
  const total =
    plan.offset === 0 && rows.length < plan.limit
      ? rows.length
      : await countRows(db, table, plan.where, rows[0]?.version ?? null);
  if (!plan.paged) return { data, total };
  return { data, total, page: plan.page, pageSize: plan.pageSize };
}

async function countRows(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  version: string | null,
): Promise<number> {
  const count = db.select({ n: countAll }).from(table).where(where);
  const counts = keptCounts(db);
  const { sql: text, params } = count.toSQL();
  const key = `${text}\u0000${JSON.stringify(params)}`;
  const kept = version === null ? undefined : counts.get(key);
  if (kept && kept.version === version) return kept.n;
  const n = (await count)[0]?.n ?? 0;
  if (version !== null) {
    counts.delete(key);
    counts.set(key, { version, n });
    for (const oldest of counts.keys()) {
      if (counts.size <= COUNTS_KEPT) break;
      counts.delete(oldest);
    }
  }
  return n;
}
