import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@cd/core';
import { formatSyncTime } from '../../../lib/format';

type Props = { users: UserView[]; selected?: string; onOpen: (userid: string) => void };

/** SSO users: the e-mail opens name and status; pages are given on Create/Edit User. */
export function AdUserTable({ users, selected, onOpen }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const givePages = (user: UserView) => (
    <Link component={RouterLink} to={`/vendor?user=${encodeURIComponent(user.userid)}`}>
      {t('adUsers.givePages')}
    </Link>
  );
  const openUser = (user: UserView) => (
    <Link component="button" type="button" underline="hover" onClick={() => onOpen(user.userid)}>
      {user.userid}
    </Link>
  );
  // On a phone each user is a card (issue 35: five columns put Give pages off the screen).
  if (narrow) {
    return (
      <Paper variant="outlined">
        <Box component="ul" aria-label={t('adUsers.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {users.map((user) => (
            <Box
              component="li"
              key={user.userid}
              sx={{
                p: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                overflowWrap: 'anywhere',
                bgcolor: user.userid === selected ? 'action.selected' : undefined,
              }}
            >
              <Box sx={{ fontWeight: 700, '& button': { textAlign: 'left' } }}>{openUser(user)}</Box>
              <Typography variant="body2">{user.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[t(`users.status.${user.status}`), formatSyncTime(user.updated_at)].filter(Boolean).join(' · ')}
              </Typography>
              <Box sx={{ mt: 0.5 }}>{givePages(user)}</Box>
            </Box>
          ))}
          {users.length === 0 && (
            <Box component="li" sx={{ p: 2 }}>
              {t('adUsers.empty')}
            </Box>
          )}
        </Box>
      </Paper>
    );
  }
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
              <TableCell>{openUser(user)}</TableCell>
              <TableCell>{user.name}</TableCell>
              <TableCell>{t(`users.status.${user.status}`)}</TableCell>
              <TableCell>{formatSyncTime(user.updated_at) ?? ''}</TableCell>
              <TableCell align="right">{givePages(user)}</TableCell>
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
