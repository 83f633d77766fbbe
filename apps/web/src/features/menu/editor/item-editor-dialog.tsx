import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALLERGEN_CATALOGUE, DEFAULT_LIST_NAME_MAP, itemFieldsFor, newItemDays, type MenuResponse } from '@cd/core';
import { useClientFlags } from '../../../lib/client-data';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { fetchFoodItem, menuKeys, useAllergens, useFoodItem, useListNameMap } from '../api';
import { moneyFormatter, moneySymbol } from '../../../lib/money';
import { useHolds } from '../permissions';
import type { ItemEditorContextValue } from './editor-context';
import { ItemForm } from './item-form';

type Props = {
  menu: MenuResponse;
  /** The item to edit; undefined adds a new one. */
  foodid?: string;
  onClose: () => void;
};

/** The loading dialog shows only if the item takes longer than this: it usually arrives first. */
const LOADING_DELAY_MS = 400;

/** False until `ms` have passed since the first render. */
function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

const FALLBACK_LISTS = Object.fromEntries(Object.entries(DEFAULT_LIST_NAME_MAP).map(([k, v]) => [k, [...v]]));

/** Opens the item editor: loads the item (when editing) and the lists its fields use. */
export function ItemEditorDialog({ menu, foodid, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const holds = useHolds();
  const item = useFoodItem(foodid);
  const lists = useListNameMap();
  const allergens = useAllergens();
  const { restaurant } = menu;
  const slow = useAfter(LOADING_DELAY_MS);
  // The restaurant's client switches parts of the editor on and off (spec 001 §3.4).
  const { flags, loading: flagsLoading } = useClientFlags(restaurant.client);
  const fields = useMemo(() => itemFieldsFor(flags), [flags]);
  const days = useMemo(() => newItemDays(flags), [flags]);

  const context = useMemo<Omit<ItemEditorContextValue, 'alert' | 'foodid' | 'unitManager'>>(() => {
    return {
      holds,
      restaurant: restaurant.restaurant,
      currency: { code: restaurant.currency, symbol: moneySymbol(restaurant.currency) },
      money: moneyFormatter(restaurant.currency),
      pricebookPrice: item.data?.pricebook?.price ?? null,
      categories: menu.categories.map((c) => c.name),
      submenus: menu.submenus,
      // The lists fall back to the built-in ones while they load or if they cannot be read.
      lists: lists.data ?? FALLBACK_LISTS,
      allergens: allergens.data ?? ALLERGEN_CATALOGUE.map(({ code, name }) => ({ code, name })),
    };
  }, [holds, restaurant, item.data?.pricebook, menu.categories, menu.submenus, lists.data, allergens.data]);

  const reload = useCallback(async () => {
    if (!foodid) return undefined;
    const answer = await queryClient.fetchQuery({
      queryKey: menuKeys.item(foodid),
      queryFn: ({ signal }) => fetchFoodItem(foodid, signal),
      staleTime: 0,
    });
    return answer.fooditem;
  }, [foodid, queryClient]);

  if ((foodid && !item.data) || flagsLoading) {
    // Opening a dialog only to swap it for the editor a moment later cost as much as the editor's own opening.
    if (!slow && !item.isError) return null;
    return (
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-label={t('editMenu.editor.loading')}>
        <DialogContent>
          {item.isError ? <Alert severity="error">{describeError(item.error, i18n)}</Alert> : <PageLoading />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('editMenu.editor.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <ItemForm
      key={foodid ?? 'new'}
      initial={item.data?.fooditem}
      context={context}
      reload={reload}
      onClose={onClose}
      fields={fields}
      newItemDays={days}
      deferLaterSections
    />
  );
}
