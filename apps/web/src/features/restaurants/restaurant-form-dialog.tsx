import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RestaurantView } from '@cd/core';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-message';
import { fetchRestaurant, restaurantKeys, useRestaurant } from './api';
import { RestaurantForm } from './restaurant-form';

export type RestaurantFormDialogProps = {
  open: boolean;
  mode: 'new' | 'edit';
  /** The food court a new restaurant is added to. */
  foodcourt: string;
  /** The restaurant id (food court id, colon, restid) when editing. */
  restaurant?: string;
  /** Called with the saved restaurant after a save, or with nothing when closed without saving. */
  onClose: (saved?: RestaurantView) => void;
};

/** Opens the add/edit restaurant form; when editing, loads the restaurant first. */
export function RestaurantFormDialog({ open, mode, foodcourt, restaurant, onClose }: RestaurantFormDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const editing = mode === 'edit' ? restaurant : undefined;
  const query = useRestaurant(open ? editing : undefined);

  const reload = useCallback(async () => {
    if (!editing) return undefined;
    const answer = await queryClient.fetchQuery({
      queryKey: restaurantKeys.detail(editing),
      queryFn: ({ signal }) => fetchRestaurant(editing, signal),
      staleTime: 0,
    });
    return answer.restaurant;
  }, [editing, queryClient]);

  if (!open) return null;
  if (mode === 'edit' && !query.data) {
    return (
      <Dialog open fullScreen={false} onClose={() => onClose()} maxWidth="sm" fullWidth>
        <DialogContent>
          {query.isError ? <Alert severity="error">{describeError(query.error, i18n)}</Alert> : <PageLoading />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()}>{t('restaurant.dialog.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <RestaurantForm
      key={query.data ? `${query.data.restaurant}` : `new:${foodcourt}`}
      mode={mode}
      foodcourt={foodcourt}
      initial={mode === 'edit' ? query.data : undefined}
      reload={reload}
      onClose={onClose}
    />
  );
}
