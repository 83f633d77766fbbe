import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LIST_PAGE_SIZES, type SortOrder } from '@cd/core';
import { visuallyHidden } from '../visually-hidden';

export type ResourceColumn<Row> = {
  /** The column's name; also what `sort=` names when the column is sortable (core's list contract). */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** On a phone each row becomes a card: the primary columns head it, the others follow with their headers. */
  primary?: boolean;
  /** The cell's text stays on one line in the table (an order number, which would break at its hyphens). */
  nowrap?: boolean;
  /**
   * The table leaves the column out below this width, so the others keep their room (the record's detail and a
   * phone's cards still show it).
   */
  hideBelow?: 'md' | 'lg' | 'xl';
};

/**
 * 12 px between columns instead of MUI's 16 (the edges keep 16): a ten-column list (orders) fits 1366 px without
 * cutting its last columns (issue 35).
 */
const denseSx = {
  '& th, & td': { px: 1.5 },
  '& th:first-of-type, & td:first-of-type': { pl: 2 },
  '& th:last-of-type, & td:last-of-type': { pr: 2 },
} as const;

/** A table cell's own layout: kept on one line, or left out below a width. */
function cellSx<Row>(column: ResourceColumn<Row>) {
  return {
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {}),
  };
}

export type TablePaging = {
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** The page sizes offered (default core's LIST_PAGE_SIZES); a single one hides the choice. */
  pageSizes?: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

export type TableSorting = {
  sort?: string;
  order: SortOrder;
  onSort: (sort: string, order: SortOrder) => void;
};

type Props<Row> = TablePaging &
  TableSorting & {
    label: string;
    columns: ResourceColumn<Row>[];
    rows: Row[];
    rowKey: (row: Row) => string | number;
    /** The row's actions (edit, delete, …), in the last column. */
    actions?: (row: Row) => ReactNode;
    loading?: boolean;
    /** Shown when there are no rows. */
    empty: ReactNode;
  };

/**
 * The pager on a phone (issue 35): MUI lays label, size, "1–25 of 2700" and the arrows on one row that scrolls
 * inside itself, which put the next-page arrow off a 390 px screen. Below the small breakpoint the "Rows per page"
 * label is read by screen readers only (it still names the size choice) and the parts wrap, arrows kept together
 * at the end, so every control stays on screen.
 */
const pagerSx = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    overflow: 'visible',
    '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 1, pl: 1, pr: 0.5 },
    '& .MuiTablePagination-spacer': { display: 'none' },
    '& .MuiTablePagination-selectLabel': visuallyHidden,
    '& .MuiTablePagination-input': { ml: 0, mr: 0 },
    '& .MuiTablePagination-actions': { ml: 0, flexShrink: 0 },
  },
});

/**
 * One server-side page of a resource list (DESIGN.md §7: lists paginated, never loaded whole): headers that sort
 * on the server, the rows, a pager with the list-page sizes, a progress bar while the next page loads (the
 * previous one stays on screen). Below the small breakpoint the rows become cards, so nothing is cut.
 */
export function ResourceTable<Row>(props: Props<Row>) {
  const { label, columns, rows, rowKey, actions, loading, empty, total, page, pageSize } = props;
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const sortHeader = (column: ResourceColumn<Row>) => {
    if (!column.sortable) return column.header;
    const active = props.sort === column.id;
    const next: SortOrder = active && props.order === 'asc' ? 'desc' : 'asc';
    return (
      <TableSortLabel
        active={active}
        direction={active ? props.order : 'asc'}
        onClick={() => props.onSort(column.id, next)}
      >
        {column.header}
      </TableSortLabel>
    );
  };

  const body = narrow ? (
    <Box component="ul" aria-label={label} aria-busy={loading} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={rowKey(row)} sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          {columns
            .filter((c) => c.primary)
            .map((c) => (
              <Box key={c.id} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {c.cell(row)}
              </Box>
            ))}
          <Box
            component="dl"
            // The values' column may shrink below its content's width (a long date, stars), so a card never
            // reaches past the screen; the headers take at most 40 % of it (issue 35: /feedback was 396 px wide).
            sx={{
              display: 'grid',
              gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)',
              columnGap: 1.5,
              m: 0,
              mt: 0.5,
            }}
          >
            {columns
              .filter((c) => !c.primary)
              .map((c) => (
                <Box key={c.id} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {c.header}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    // A link alone in a card's value ("3" food courts) is a touch target: 24 × 24 at least (WCAG 2.5.8).
                    sx={{
                      m: 0,
                      overflowWrap: 'anywhere',
                      '& > a': { display: 'inline-block', minWidth: 24, minHeight: 24 },
                    }}
                  >
                    {c.cell(row)}
                  </Typography>
                </Box>
              ))}
          </Box>
          {actions && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', mt: 0.5 }}>{actions(row)}</Box>
          )}
        </Box>
      ))}
      {!loading && rows.length === 0 && (
        <Box component="li" sx={{ p: 2 }}>
          {empty}
        </Box>
      )}
    </Box>
  ) : (
    <TableContainer>
      <Table size="small" aria-label={label} aria-busy={loading} sx={denseSx}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.id}
                align={column.align}
                sortDirection={props.sort === column.id ? props.order : false}
                sx={cellSx(column)}
              >
                {sortHeader(column)}
              </TableCell>
            ))}
            {actions && <TableCell align="right">{t('resource.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={cellSx(column)}>
                  {column.cell(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
          {!loading && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + (actions ? 1 : 0)}>{empty}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <Paper variant="outlined">
      <LinearProgress
        aria-label={t('resource.loading')}
        aria-hidden={!loading}
        sx={{ visibility: loading ? 'visible' : 'hidden' }}
      />
      {body}
      <TablePagination
        component="div"
        count={total}
        // A page beyond the end (an old link, rows deleted since) shows as the last page.
        page={Math.min(Math.max(0, page - 1), lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...(props.pageSizes ?? LIST_PAGE_SIZES)]}
        labelRowsPerPage={t('resource.rowsPerPage')}
        onPageChange={(_event, next) => props.onPage(next + 1)}
        onRowsPerPageChange={(event) => props.onPageSize(Number(event.target.value))}
        sx={pagerSx}
      />
    </Paper>
  );
}
