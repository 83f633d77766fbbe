import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CategoryView } from '@cd/core';
import { AlertPopup, ConfirmPopup, PageLoading, useNotify } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useCategories, useDeleteCategory, useSaveCategory } from '../api';
import { CategoryDialog } from './category-dialog';

type Props = { restaurant: string; restaurantName: string };
type DialogState = { mode: 'add' } | { mode: 'rename'; id: number } | null;
type Notice = { title?: string; text: string };

/** The restaurant's categories with their item counts: add, rename, delete (refused while items use one). */
export function CategorySection({ restaurant, restaurantName }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const list = useCategories(restaurant);
  const categories = list.data ?? [];
  const [dialog, setDialog] = useState<DialogState>(null);
  const [saveError, setSaveError] = useState('');
  const [toDelete, setToDelete] = useState<CategoryView | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const editing = dialog?.mode === 'rename' ? categories.find((c) => c.id === dialog.id) : undefined;
  const closeDialog = () => {
    setDialog(null);
    setSaveError('');
  };

  const save = useSaveCategory();
  const remove = useDeleteCategory();

  const failure = (error: unknown) =>
    error instanceof ApiError && error.code === 'versionConflict'
      ? t('menuManagement.common.conflict')
      : describeError(error, i18n);

  const handleSave = (name: string) => {
    const renaming = dialog?.mode === 'rename';
    save.mutate(
      { restaurant, name, category: renaming && editing ? { id: editing.id, version: editing.version } : undefined },
      {
        onSuccess: () => {
          closeDialog();
          notify({
            message: t(renaming ? 'menuManagement.categories.renamed' : 'menuManagement.categories.added'),
            severity: 'success',
          });
        },
        onError: (error) => {
          // A stale version: the list reloads, so saving again names the version now shown.
          if (error instanceof ApiError && error.code === 'versionConflict') void list.refetch();
          setSaveError(failure(error));
        },
      },
    );
  };

  const handleDelete = (category: CategoryView) => {
    setToDelete(null);
    remove.mutate(
      { restaurant, category },
      {
        onSuccess: () => notify({ message: t('menuManagement.categories.deleted'), severity: 'success' }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'categoryInUse') {
            setNotice({
              title: t('menuManagement.categories.inUseTitle'),
              text: t('menuManagement.categories.inUse', { name: category.name }),
            });
            return;
          }
          if (error instanceof ApiError && error.code === 'versionConflict') void list.refetch();
          setNotice({ text: failure(error) });
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="categories-heading" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography id="categories-heading" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {t('menuManagement.categories.heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
          {t('menuManagement.categories.add')}
        </Button>
      </Box>
      {list.isError && <Alert severity="error">{describeError(list.error, i18n)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : categories.length === 0 ? (
        <Typography color="text.secondary">{t('menuManagement.categories.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('menuManagement.categories.listLabel', { restaurant: restaurantName })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('menuManagement.categories.name')}</TableCell>
                <TableCell align="right">{t('menuManagement.categories.items')}</TableCell>
                <TableCell align="right">{t('menuManagement.common.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.map((category) => (
                <TableRow key={category.id} hover>
                  <TableCell>{category.name}</TableCell>
                  <TableCell align="right">{category.item_count}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      aria-label={t('menuManagement.categories.rename', { name: category.name })}
                      onClick={() => setDialog({ mode: 'rename', id: category.id })}
                    >
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={t('menuManagement.categories.delete', { name: category.name })}
                      onClick={() => setToDelete(category)}
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

      {dialog && (dialog.mode === 'add' || editing) && (
        <CategoryDialog
          key={dialog.mode === 'add' ? 'add' : dialog.id}
          title={t(
            dialog.mode === 'add' ? 'menuManagement.categories.addTitle' : 'menuManagement.categories.renameTitle',
          )}
          initialName={editing?.name ?? ''}
          saving={save.isPending}
          error={saveError}
          onSave={handleSave}
          onClose={closeDialog}
        />
      )}
      <ConfirmPopup
        open={toDelete !== null}
        type="warning"
        title={t('menuManagement.categories.deleteTitle', { name: toDelete?.name ?? '' })}
        primaryText={t('menuManagement.categories.deleteText')}
        positiveLabel={t('menuManagement.common.delete')}
        onPositive={() => toDelete && handleDelete(toDelete)}
        onNegative={() => setToDelete(null)}
      />
      <AlertPopup
        alertType="failure"
        alertTitle={notice?.title}
        alertPrimaryText={notice?.text ?? ''}
        onClose={() => setNotice(null)}
      />
    </Box>
  );
}
