import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery, ListResult } from './resource-api';

type Options<Row> = {
  /** The query key of the whole answer (the server query only: paging, sort and search stay in the page). */
  key: (server: ListQuery) => readonly unknown[];
  /** The whole list the server answers for the server part of the query. */
  fetchAll: (server: ListQuery, signal?: AbortSignal) => Promise<Row[]>;
  /** Which query fields the server takes (restaurant, from, to); the rest is applied here. */
  serverFields: readonly string[];
  /** The text a search matches (lower case compared). */
  searchText: (row: Row) => string;
  /** Other filters of the address applied here: each field and the row's value it must equal. */
  localFilters?: Record<string, (row: Row) => string>;
  sortValue: (row: Row, sort: string) => string | number;
};

/**
 * For lists the server answers whole (posting rules, a restaurant's SAP log, counter templates, cashiers): the frame's list query is split
 * into what the server takes and what is applied here (search, filters, sort, paging), so the frame's table,
 * search and paging work the same as on server-paged lists and paging never asks the server again.
 */
export function localList<Row>(options: Options<Row>) {
  const split = (query: ListQuery) => {
    const server: ListQuery = {};
    for (const field of options.serverFields) if (query[field] !== undefined) server[field] = query[field];
    return server;
  };

  const apply = (rows: Row[], query: ListQuery): ListResult<Row> => {
    const search = String(query.search ?? '')
      .trim()
      .toLowerCase();
    let out = search ? rows.filter((row) => options.searchText(row).toLowerCase().includes(search)) : rows;
    for (const [field, value] of Object.entries(options.localFilters ?? {})) {
      if (query[field] !== undefined) out = out.filter((row) => value(row) === String(query[field]));
    }
    const sort = query.sort === undefined ? undefined : String(query.sort);
    if (sort) {
      const sign = query.order === 'desc' ? -1 : 1;
      out = [...out].sort((a, b) => {
        const x = options.sortValue(a, sort);
        const y = options.sortValue(b, sort);
        return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
      });
    }
    const size = Number(query.page_size ?? out.length) || out.length;
    const page = Number(query.page ?? 1) || 1;
    return { rows: out.slice((page - 1) * size, page * size), total: out.length };
  };

  const fetchList = async (query: ListQuery, signal?: AbortSignal) =>
    apply(await options.fetchAll(split(query), signal), query);

  function useList(query: ListQuery, enabled = true) {
    const server = split(query);
    return useQuery({
      queryKey: options.key(server),
      queryFn: ({ signal }) => options.fetchAll(server, signal),
      select: (rows: Row[]) => apply(rows, query),
      placeholderData: keepPreviousData,
      enabled,
    });
  }

  return { fetchList, useList };
}
