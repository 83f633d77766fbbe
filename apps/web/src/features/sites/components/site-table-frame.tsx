import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { SITE_PAGE_SIZES } from '../list-params';

export type SitePaging = {
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

type Props = SitePaging & {
  label: string;
  columns: ReactNode[];
  /** Shown as the only row when there are no rows. */
  empty: string;
  rowCount: number;
  loading?: boolean;
  children: ReactNode;
};

/**
 * One server-side page of a site list (DESIGN.md §7: lists paginated, never loaded whole): the header, the
 * rows the caller renders, and the pager with 25/50/100/200 rows per page.
 */
export function SiteTableFrame({ label, columns, empty, rowCount, loading, children, ...paging }: Props) {
  const { t } = useTranslation();
  const { total, page, pageSize, onPage, onPageSize } = paging;
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <Paper variant="outlined">
      <LinearProgress sx={{ visibility: loading ? 'visible' : 'hidden' }} />
      <TableContainer>
        <Table size="small" aria-label={label} aria-busy={loading}>
          <TableHead>
            <TableRow>
              {columns.map((column, index) => (
                <TableCell key={index}>{column}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {children}
            {!loading && rowCount === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{empty}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        // A page beyond the end (an old link, rows deleted since) shows as the last page.
        page={Math.min(Math.max(0, page - 1), lastPage)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...SITE_PAGE_SIZES]}
        labelRowsPerPage={t('sites.list.rowsPerPage')}
        onPageChange={(_event, next) => onPage(next + 1)}
        onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
      />
    </Paper>
  );
}
