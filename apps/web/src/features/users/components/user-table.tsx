import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { CopyIdButton } from '../../../components';
import type { UserView } from '@cd/core';
import { formatSyncTime } from '../../../lib/format';

type Props = {
  users: UserView[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  selected?: string;
  loading?: boolean;
  onPage: (page: number) => void;
  onSelect: (userid: string) => void;
};

/** One page of users; a row opens the user in the form. */
export function UserTable({ users, total, page, pageSize, selected, loading, onPage, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('users.list.title')} aria-busy={loading}>
          <TableHead>
            <TableRow>
              <TableCell>{t('users.fields.userid')}</TableCell>
              <TableCell>{t('users.fields.name')}</TableCell>
              <TableCell>{t('users.list.methods')}</TableCell>
              <TableCell>{t('users.fields.status')}</TableCell>
              <TableCell>{t('users.list.role')}</TableCell>
              <TableCell>{t('users.list.lastChanged')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow
                key={user.userid}
                hover
                selected={user.userid === selected}
                onClick={() => onSelect(user.userid)}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    underline="hover"
                    onClick={(event) => {
                      event.stopPropagation();
                      onSelect(user.userid);
                    }}
                  >
                    {user.userid}
                  </Link>
                  <CopyIdButton id={user.userid} />
                </TableCell>
                <TableCell>{user.name}</TableCell>
                <TableCell>{user.login_types.map((type) => t(`users.loginTypes.${type}`)).join(', ')}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={t(`users.status.${user.status}`)}
                    color={user.status === 'active' ? 'success' : 'default'}
                    variant="outlined"
                  />
                </TableCell>
                <TableCell>{user.admin ? t('users.list.admin') : t('users.list.member')}</TableCell>
                <TableCell>{formatSyncTime(user.updated_at) ?? ''}</TableCell>
              </TableRow>
            ))}
            {!loading && users.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{t('users.list.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
        onPageChange={(_event, next) => onPage(next + 1)}
      />
    </Paper>
  );
}
