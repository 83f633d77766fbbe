import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * An outer query's column, always written with its table ("offers"."id"), for a correlated subquery in a select.
 * drizzle writes a one-table select's columns bare ("id"), so `${offers.id}` inside `(select … from offer_codes c
 * where c.offer_id = ${offers.id})` meant the inner table's own id and every row got the same wrong count
 * (issue 33: every loyalty program showed "Members 2 · Points held 4"). lib/outer-column.test.ts refuses a column
 * written straight into a subquery.
 */
export function outer(column: PgColumn | Column): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}
