import { useMemo, useState } from 'react';
import {
  Add as AddIcon,
  DeleteOutline as DeleteOutlineIcon,
  EditOutlined as EditOutlinedIcon,
} from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SubmenuSummary } from '@cd/core';
import { AlertPopup, ConfirmPopup, PageLoading, useNotify } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useDeleteSubmenu, useSubmenus } from '../api';

type Props = {
  restaurant: string;
  restaurantName: string;
  /** Opens the submenu editor: a submenu id, or 'new'. */
  onOpen: (submenu: string) => void;
};

/** The restaurant's submenus: search by title, add or open one in the editor, delete with confirmation. */
export function SubmenuSection({ restaurant, restaurantName, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const notify = useNotify();
  const list = useSubmenus(restaurant);
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<SubmenuSummary | null>(null);
  const [failure, setFailure] = useState('');
  const remove = useDeleteSubmenu();

  const submenus = useMemo(() => {
    const all = list.data ?? [];
    const needle = search.trim().toLowerCase();
    return needle ? all.filter((s) => s.title.toLowerCase().includes(needle)) : all;
  }, [list.data, search]);

  const handleDelete = (submenu: SubmenuSummary) => {
    setToDelete(null);
    remove.mutate(
      { restaurant, submenu },
      {
        onSuccess: () => notify({ message: t('menuManagement.submenus.deleted'), severity: 'success' }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'versionConflict') {
            void list.refetch();
            setFailure(t('menuManagement.common.conflict'));
            return;
          }
          setFailure(describeError(error, i18n));
        },
      },
    );
  };

  const total = list.data?.length ?? 0;

  return (
    <Box component="section" aria-labelledby="submenus-heading">
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 1 }}
      >
        <Typography id="submenus-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {t('menuManagement.submenus.heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen('new')}>
          {t('menuManagement.submenus.add')}
        </Button>
      </Box>
      <TextField
        size="small"
        type="search"
        label={t('menuManagement.submenus.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 1.5, minWidth: { xs: 0, sm: 260 }, width: { xs: '100%', sm: 'auto' } }}
      />
      {list.isError && <Alert severity="error">{describeError(list.error, i18n)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : submenus.length === 0 ? (
        <Typography color="text.secondary">
          {t(total === 0 ? 'menuManagement.submenus.empty' : 'menuManagement.submenus.noMatches')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('menuManagement.submenus.listLabel', { restaurant: restaurantName })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('menuManagement.submenus.title')}</TableCell>
                {/* On a phone the counts go under the title, so the actions stay on screen (issue 35). */}
                {!narrow && <TableCell align="right">{t('menuManagement.submenus.options')}</TableCell>}
                {!narrow && <TableCell align="right">{t('menuManagement.submenus.connected')}</TableCell>}
                <TableCell align="right">{t('menuManagement.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {submenus.map((submenu) => (
                <TableRow
                  key={submenu.submenuid}
                  hover
                  onClick={() => onOpen(submenu.submenuid)}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {submenu.title}
                    {submenu.all_linked && (
                      <Tooltip describeChild title={t('menuManagement.submenus.linkedHint')}>
                        <Chip size="small" label={t('menuManagement.submenus.linked')} sx={{ ml: 1 }} />
                      </Tooltip>
                    )}
                    {narrow && (
                      <Typography variant="body2" color="text.secondary">
                        {t('menuManagement.submenus.options')}: {submenu.option_count} ·{' '}
                        {t('menuManagement.submenus.connected')}: {submenu.connected_count}
                      </Typography>
                    )}
                  </TableCell>
                  {!narrow && <TableCell align="right">{submenu.option_count}</TableCell>}
                  {!narrow && <TableCell align="right">{submenu.connected_count}</TableCell>}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
                    <IconButton
                      aria-label={t('menuManagement.submenus.edit', { name: submenu.title })}
                      onClick={() => onOpen(submenu.submenuid)}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('menuManagement.submenus.delete', { name: submenu.title })}
                      onClick={() => setToDelete(submenu)}
                      disabled={remove.isPending}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmPopup
        open={toDelete !== null}
        type="warning"
        title={t('menuManagement.submenus.deleteTitle', { name: toDelete?.title ?? '' })}
        primaryText={t('menuManagement.submenus.deleteText', { count: toDelete?.connected_count ?? 0 })}
        positiveLabel={t('menuManagement.common.delete')}
        onPositive={() => toDelete && handleDelete(toDelete)}
        onNegative={() => setToDelete(null)}
      />
      <AlertPopup alertType="failure" alertPrimaryText={failure} onClose={() => setFailure('')} />
    </Box>
  );
}
