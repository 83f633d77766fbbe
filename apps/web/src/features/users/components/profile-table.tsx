import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@cd/core';
import { formatSyncTime } from '../../../lib/format';

type Props<T> = {
  label: string;
  profiles: ProfileView<T>[];
  summaryHeading: string;
  summary: (profile: ProfileView<T>) => ReactNode;
  selected?: number;
  onOpen: (id: number) => void;
  onApply: (id: number) => void;
  onDelete: (id: number) => void;
};

/** The profiles of one kind: name (opens the form), what it gives, last change, apply and delete. */
export function ProfileTable<T>({
  label,
  profiles,
  summaryHeading,
  summary,
  selected,
  onOpen,
  onApply,
  onDelete,
}: Props<T>) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{t('users.profiles.name')}</TableCell>
            <TableCell>{summaryHeading}</TableCell>
            <TableCell>{t('users.list.lastChanged')}</TableCell>
            <TableCell align="right">{t('users.profiles.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {profiles.map((profile) => (
            <TableRow key={profile.id} hover selected={profile.id === selected}>
              <TableCell>
                <Link component="button" type="button" underline="hover" onClick={() => onOpen(profile.id)}>
                  {profile.name}
                </Link>
              </TableCell>
              <TableCell>{summary(profile)}</TableCell>
              <TableCell>
                {t('users.profiles.changedBy', {
                  who: profile.updated_by ?? t('users.form.system'),
                  when: formatSyncTime(profile.updated_at) ?? '',
                })}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button
                  size="small"
                  onClick={() => onApply(profile.id)}
                  aria-label={t('users.profiles.applyTo', { name: profile.name })}
                >
                  {t('users.profiles.apply')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => onDelete(profile.id)}
                  aria-label={t('users.profiles.deleteNamed', { name: profile.name })}
                >
                  {t('users.profiles.delete')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {profiles.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>{t('users.profiles.empty')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
