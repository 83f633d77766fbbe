import { useCallback, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AllergenView } from '@cd/core';
import { AlertPopup, ConfirmPopup, PageLoading, useNotify } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { applyPatch } from '../../users';
import { useAllergens, useDeleteAllergen, useSaveAllergen, type AllergenValues } from '../api';
import { AllergenDialog } from '../components/allergen-dialog';
import { AllergenTable } from '../components/allergen-table';

/**
 * /allergens (spec 000 §3, §7): the allergen catalogue — the 14 regulated allergens and custom ones — with the
 * number of items using each. Edit name and image; add a custom allergen; delete a custom one no item uses.
 * The open dialog lives in the address (?allergen=<code> or ?action=new).
 */
export function AllergensPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const editingCode = params.get('allergen') ?? '';
  const adding = params.get('action') === 'new';
  const update = useCallback(
    (patch: Record<string, string | undefined>) => setParams((prev) => applyPatch(prev, patch)),
    [setParams],
  );
  const list = useAllergens();
  const allergens = list.data ?? [];
  const editing = allergens.find((a) => a.code === editingCode);
  const [saveError, setSaveError] = useState('');
  const [toDelete, setToDelete] = useState<AllergenView | null>(null);
  const [failure, setFailure] = useState('');
  const save = useSaveAllergen();
  const remove = useDeleteAllergen();

  const failureText = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'versionConflict') {
      void list.refetch();
      return t('menuManagement.common.conflict');
    }
    return describeError(error, i18n);
  };

  const close = () => {
    setSaveError('');
    update({ allergen: undefined, action: undefined });
  };

  const handleSave = (values: AllergenValues) => {
    save.mutate(
      { values, version: editing?.version },
      {
        onSuccess: () => {
          notify({ message: t(editing ? 'allergens.saved' : 'allergens.added'), severity: 'success' });
          close();
        },
        onError: (error) => setSaveError(failureText(error)),
      },
    );
  };

  const handleDelete = (allergen: AllergenView) => {
    setToDelete(null);
    remove.mutate(allergen, {
      onSuccess: () => notify({ message: t('allergens.deleted'), severity: 'success' }),
      onError: (error) => setFailure(failureText(error)),
    });
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('allergens.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => update({ action: 'new', allergen: undefined })}
        >
          {t('allergens.add')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('allergens.intro')}
      </Typography>
      {list.isError && <Alert severity="error">{describeError(list.error, i18n)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <AllergenTable
          allergens={allergens}
          deleting={remove.isPending}
          onEdit={(allergen) => update({ allergen: allergen.code, action: undefined })}
          onDelete={setToDelete}
        />
      )}
      {(adding || editing) && (
        <AllergenDialog
          key={editing?.code ?? 'new'}
          allergen={editing}
          saving={save.isPending}
          error={saveError}
          onSave={handleSave}
          onClose={close}
        />
      )}
      <ConfirmPopup
        open={toDelete !== null}
        type="warning"
        title={t('allergens.deleteTitle', { name: toDelete?.name ?? '' })}
        primaryText={t('allergens.deleteText', { code: toDelete?.code ?? '' })}
        positiveLabel={t('menuManagement.common.delete')}
        onPositive={() => toDelete && handleDelete(toDelete)}
        onNegative={() => setToDelete(null)}
      />
      <AlertPopup alertType="failure" alertPrimaryText={failure} onClose={() => setFailure('')} />
    </Box>
  );
}
