import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useDeleteFoodItem } from '../api';
import type { ItemMeta } from './use-item-save';

type Options = { meta: ItemMeta; restaurant: string; name: string; onDeleted: () => void };

/** Delete with confirmation: ask() opens the question; `popup` is the question to render. */
export function useItemDelete({ meta, restaurant, name, onDeleted }: Options) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const mutation = useDeleteFoodItem();

  const confirm = async () => {
    setOpen(false);
    if (!meta) return;
    try {
      await mutation.mutateAsync({ foodid: meta.foodid, version: meta.version, restaurant });
      snackbar.show(t('editMenu.delete.done', { name }), 'success');
      onDeleted();
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409;
      snackbar.show(conflict ? t('editMenu.conflict.text') : describeError(error, i18n), 'error');
    }
  };

  const popup = (
    <ConfirmPopup
      open={open}
      type="warning"
      title={t('editMenu.delete.title', { name })}
      primaryText={t('editMenu.delete.text')}
      positiveLabel={t('editMenu.delete.confirm')}
      negativeLabel={t('common.no')}
      onPositive={() => void confirm()}
      onNegative={() => setOpen(false)}
    />
  );
  return { ask: () => setOpen(true), popup };
}
