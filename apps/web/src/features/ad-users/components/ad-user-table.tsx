import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@cd/core';
import { formatSyncTime } from '../../../lib/format';

type Props = { users: UserView[]; selected?: string; onOpen: (userid: string) => void };

/** SSO users: the e-mail opens name and status; pages are given on Create/Edit User. */
export function AdUserTable({ users, selected, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('adUsers.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adUsers.userid')}</TableCell>
            <TableCell>{t('users.fields.name')}</TableCell>
            <TableCell>{t('users.fields.status')}</TableCell>
            <TableCell>{t('users.list.lastChanged')}</TableCell>
            <TableCell align="right">{t('adUsers.pages')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.userid} hover selected={user.userid === selected}>
              <TableCell>
                <Link component="button" type="button" underline="hover" onClick={() => onOpen(user.userid)}>
                  {user.userid}
                </Link>
              </TableCell>
              <TableCell>{user.name}</TableCell>
              <TableCell>{t(`users.status.${user.status}`)}</TableCell>
              <TableCell>{formatSyncTime(user.updated_at) ?? ''}</TableCell>
              <TableCell align="right">
                <Link component={RouterLink} to={`/vendor?user=${encodeURIComponent(user.userid)}`}>
                  {t('adUsers.givePages')}
                </Link>
              </TableCell>
            </TableRow>
          ))}
          {users.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('adUsers.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
