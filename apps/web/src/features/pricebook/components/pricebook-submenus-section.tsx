import { useState } from 'react';
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
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PricebookSubmenuView } from '@cd/core';
import { AlertPopup, ConfirmPopup, PageLoading, useNotify } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useDeletePricebookSubmenu, usePricebookSubmenus, useTagSearch } from '../api';
import { TagSearch } from './tag-search';

type Props = {
  path: number;
  pathName: string;
  /** Applied tag search (comma-joined); empty lists every submenu of the path. */
  tags: string;
  onTags: (tags: string) => void;
  /** Opens the submenu editor: a submenu id, or 'new'. */
  onOpen: (submenu: string) => void;
};

const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The path's price-book submenus, or those carrying any of the searched tags; add, edit, delete. */
export function PricebookSubmenusSection({ path, pathName, tags, onTags, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const all = usePricebookSubmenus(path);
  const tagged = useTagSearch(path, tags);
  const list = tags ? tagged : all;
  const submenus = list.data ?? [];
  const [toDelete, setToDelete] = useState<PricebookSubmenuView | null>(null);
  const [failure, setFailure] = useState('');
  const remove = useDeletePricebookSubmenu();

  const handleDelete = (submenu: PricebookSubmenuView) => {
    setToDelete(null);
    remove.mutate(
      { submenuid: submenu.submenuid, version: submenu.version },
      {
        onSuccess: () => notify({ message: t('pricebook.submenus.deleted'), severity: 'success' }),
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

  return (
    <Box component="section" aria-labelledby="pricebook-submenus-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography id="pricebook-submenus-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {t('pricebook.submenus.heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => onOpen('new')}>
          {t('pricebook.submenus.add')}
        </Button>
      </Box>
      <Box sx={{ mb: 1.5 }}>
        <TagSearch value={tags} onSearch={onTags} />
      </Box>
      {tags && (
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('pricebook.submenus.tagResults', { tags: splitTags(tags).join(', ') })}
        </Typography>
      )}
      {/* A failed read is logged (the query cache, spec 001 §8) and said as such: never "No submenus on this path". */}
      {list.isError && (
        <Alert severity="error">
          {t('pricebook.submenus.unreadable', { reason: describeError(list.error, i18n) })}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError && submenus.length === 0 ? null : submenus.length === 0 ? (
        <Typography color="text.secondary">
          {t(tags ? 'pricebook.submenus.noMatches' : 'pricebook.submenus.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('pricebook.submenus.listLabel', { path: pathName })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('pricebook.submenus.name')}</TableCell>
                <TableCell>{t('pricebook.submenus.tags')}</TableCell>
                <TableCell align="right">{t('pricebook.submenus.options')}</TableCell>
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
                  <TableCell>{submenu.submenuname}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {splitTags(submenu.tags).map((tag) => (
                        <Chip key={tag} size="small" label={tag} />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{submenu.subitems.length}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
                    <IconButton
                      aria-label={t('pricebook.submenus.edit', { name: submenu.submenuname })}
                      onClick={() => onOpen(submenu.submenuid)}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('pricebook.submenus.delete', { name: submenu.submenuname })}
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
        title={t('pricebook.submenus.deleteTitle', { name: toDelete?.submenuname ?? '' })}
        primaryText={t('pricebook.submenus.deleteText')}
        positiveLabel={t('menuManagement.common.delete')}
        onPositive={() => toDelete && handleDelete(toDelete)}
        onNegative={() => setToDelete(null)}
      />
      <AlertPopup alertType="failure" alertPrimaryText={failure} onClose={() => setFailure('')} />
    </Box>
  );
}
