import { z } from 'zod';
import { backgroundJobSchema } from './jobs.js';

/**
 * The list contract every resource page uses (issue 11): search, the resource's filters, sorting and paging
 * in the query; the rows under the resource's own field name plus `total` in the answer; and an export of the
 * filtered rows as .xlsx at `<list path>/export`.
 *
 *   GET <list path>?search=&<filters>&sort=<column>&order=asc|desc&page=1&page_size=25
 *     → { result: 'success', <rows key>: Row[], total, page, page_size }
 *   GET <list path>/export?search=&<filters>&sort=&order=
 *     → 200 the workbook (up to the inline limit), or 202 { result, message, job } (a background download)
 *
 * `sort` is one of the resource's sortable columns (anything else is refused with 400 naming `sort`); without
 * it the list keeps its usual order. Ties are always broken by the primary key, so paging is stable.
 */

/** Page sizes a list page offers; 200 is the list-page limit of spec 001 §9. */
export const LIST_PAGE_SIZES = [25, 50, 100, 200] as const;
export type ListPageSize = (typeof LIST_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: ListPageSize = 25;
export const LIST_SEARCH_MAX = 100;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The export answers the file itself up to this many rows; above it a background job writes it. */
export const EXPORT_INLINE_MAX = 2000;
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n), {
    message: `must be one of ${LIST_PAGE_SIZES.join(', ')}`,
  })
  .meta({ enum: [...LIST_PAGE_SIZES], description: 'Rows per page' });
const page = z.coerce.number().int().min(1).max(1_000_000).meta({ description: '1-based page number' });

type SortColumns = readonly [string, ...string[]];

function common<S extends SortColumns>(sortable: S) {
  return {
    search: z.string().trim().max(LIST_SEARCH_MAX).optional().meta({ description: 'Part of a name or id' }),
    sort: z.enum(sortable).optional().meta({ description: 'Column to sort by (default: the usual order)' }),
    order: z.enum(SORT_ORDERS).default('asc'),
  };
}

/** The query of a paged list: page defaults to 1, page_size to 25. */
export function listQuerySchema<S extends SortColumns, F extends z.ZodRawShape = Record<never, never>>(
  sortable: S,
  filters: F = {} as F,
) {
  return z.object({
    ...common(sortable),
    ...filters,
    page: page.default(1),
    page_size: pageSize.default(DEFAULT_PAGE_SIZE),
  });
}

/**
 * The query of a list its existing callers read whole (the allergen catalogue, a restaurant's categories, the
 * profiles): without `page` and `page_size` it answers every row; with either it pages like any list.
 */
export function wholeListQuerySchema<S extends SortColumns, F extends z.ZodRawShape = Record<never, never>>(
  sortable: S,
  filters: F = {} as F,
) {
  return z.object({ ...common(sortable), ...filters, page: page.optional(), page_size: pageSize.optional() });
}

/** The query of `<list path>/export`: the list's query without paging (every filtered row is exported). */
export function exportQuerySchema<S extends SortColumns, F extends z.ZodRawShape = Record<never, never>>(
  sortable: S,
  filters: F = {} as F,
) {
  return z.object({ ...common(sortable), ...filters });
}

/** What every list query carries once parsed (the server's list helper reads only this part). */
export type ListQuery = {
  search?: string;
  sort?: string;
  order: SortOrder;
  page?: number;
  page_size?: number;
};

/** The answer of a list: its rows under the resource's own key, the matching total, and the page shown. */
export function listAnswerSchema<K extends string, T extends z.ZodType>(key: K, row: T) {
  return z.object({
    result: z.literal('success'),
    ...({ [key]: z.array(row) } as { [P in K]: z.ZodArray<T> }),
    total: z.number().int().meta({ description: 'Rows matching the search and filters' }),
    page: z.number().int().optional(),
    page_size: z.number().int().optional(),
  });
}

/** 202 of an export above the inline limit: the job that writes the file (it appears in the task panel). */
export const exportStartedAnswer = z.object({
  result: z.literal('success'),
  message: z.string(),
  job: backgroundJobSchema,
});
export type ExportStartedAnswer = z.infer<typeof exportStartedAnswer>;
