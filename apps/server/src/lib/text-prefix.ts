import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The highest code point: every string that starts with P sorts (code-point order) before P followed by it. */
const TOP = '\u{10ffff}';

/**
 * `column` — a lower-cased copy of a text column (a generated column, `lower(x)`) indexed with collation "C" —
 * starts with `text`, case-insensitively: a range in code-point order, [lower(text), lower(text) || U+10FFFF).
 *
 * Why not `lower(x) LIKE 'abc%'`: under row-level security PostgreSQL evaluates a condition on a row only after the
 * policy unless the condition is leakproof, and `lower()` and `LIKE` are not. A scoped caller's search then read
 * every row of their sites before matching (issue 36: /orderhistory and go-to-anywhere). Plain comparisons of a
 * column are leakproof, so the planner uses the index for them; `lower()` of the typed text is applied to a
 * constant, which leaks nothing. The typed text is lower-cased by the database's own `lower()`, as the column is,
 * so both sides agree whatever the database's locale.
 */
export const startsWithLower = (column: AnyColumn, text: string): SQL =>
  sql`(${column} collate "C" >= lower(${text}) collate "C" and ${column} collate "C" < (lower(${text}) || ${TOP}) collate "C")`;

/** `column` (a lower-cased copy, as above) equals `text` case-insensitively: one index lookup. */
export const equalsLower = (column: AnyColumn, text: string): SQL =>
  sql`${column} collate "C" = lower(${text}) collate "C"`;
