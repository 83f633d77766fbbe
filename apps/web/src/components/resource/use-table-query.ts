import { useState } from 'react';
import type { SortOrder } from '@cd/core';
import type { TablePaging, TableSorting } from './resource-table';

/**
 * The search, page, page size and sort of a list searched, sorted and paged on the server (a SearchField over a
 * ResourceTable): a new search, page size or sort starts again at page 1.
 */
export function useTableQuery(initialPageSize: number) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [sort, setSort] = useState<{ sort?: string; order: SortOrder }>({ order: 'asc' });
  const table: Omit<TablePaging, 'total' | 'pageSizes'> & TableSorting = {
    page,
    pageSize,
    onPage: setPage,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    sort: sort.sort,
    order: sort.order,
    onSort: (column, order) => {
      setSort({ sort: column, order });
      setPage(1);
    },
  };
  return {
    search,
    /** The list's query: the search, the page and, once a column is chosen, the sort. */
    query: { search, page, page_size: pageSize, ...(sort.sort ? { sort: sort.sort, order: sort.order } : {}) },
    /** The SearchField's onSearch. */
    onSearch: (text: string) => {
      setSearch(text);
      setPage(1);
    },
    /** The ResourceTable's paging and sorting (its total is the list's). */
    table,
  };
}
