import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RestaurantPicker } from '../../../components';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { useAllergens, useListNameMap, useMenu } from '../api';
import { CategoryFilter } from '../components/category-filter';
import { ItemList } from '../components/item-list';
import { filterItems } from '../filter-items';
import { moneyFormatter } from '../money';
import { useMenuUrlState } from '../url-state';
import { SearchField } from '../../../components/resource';

// The editor is large; the list shows its rows without waiting for it, and it loads when first opened.
const loadEditor = () => import('../editor/item-editor-dialog');
const ItemEditorDialog = lazy(() => loadEditor().then((m) => ({ default: m.ItemEditorDialog })));

/**
 * /menu (Add/Edit Menu, spec 001 §2.3): pick a restaurant, then search and filter its items and open one
 * (or a new one) in the item editor. Everything the screen shows is in the address.
 */
export function MenuPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useMenuUrlState();
  const menu = useMenu(state.restaurant);
  const data = menu.data;
  // Once the list is shown, fetch what the editor needs (its code, the select lists, the allergen catalogue) so
  // opening an item waits only for the item itself.
  const listReady = Boolean(data);
  useListNameMap({ enabled: listReady });
  useAllergens({ enabled: listReady });
  useEffect(() => {
    if (listReady) void loadEditor();
  }, [listReady]);

  const money = useMemo(() => moneyFormatter(data?.restaurant.currency ?? ''), [data?.restaurant.currency]);
  const categories = useMemo(() => (data?.categories ?? []).map((c) => c.name), [data?.categories]);
  const items = useMemo(
    () => filterItems(data?.fooditems ?? [], state.search, state.category),
    [data?.fooditems, state.search, state.category],
  );
  const pricebook = Boolean(data && data.restaurant.pricebook_path && data.restaurant.pricebook_path !== 'none');

  const handleSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  const openItem = useCallback((item: string) => update({ item, action: undefined }), [update]);
  const closeEditor = useCallback(() => update({ item: undefined, action: undefined }), [update]);
  const editorOpen = Boolean(data && (state.item || state.action === 'new'));

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('editMenu.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!data}
          onClick={() => update({ action: 'new', item: undefined })}
        >
          {t('editMenu.addItem')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <RestaurantPicker
          label={t('editMenu.restaurant')}
          value={state.restaurant}
          onChange={(restaurant) => update({ restaurant, item: undefined, action: undefined, category: undefined })}
        />
        <SearchField label={t('editMenu.list.search')} value={state.search} onSearch={handleSearch} />
        <CategoryFilter
          categories={categories}
          value={state.category}
          onChange={(category) => update({ category }, { replace: true })}
        />
        {data && (
          <Typography role="status" color="text.secondary">
            {t('editMenu.list.count', { count: items.length, total: data.fooditems.length })}
          </Typography>
        )}
      </Box>

      {!state.restaurant && <Typography color="text.secondary">{t('editMenu.pickRestaurant')}</Typography>}
      {menu.isError && <Alert severity="error">{describeError(menu.error, i18n)}</Alert>}
      {state.restaurant && menu.isPending && <PageLoading />}
      {data && <ItemList items={items} money={money} pricebook={pricebook} onOpen={openItem} />}

      {editorOpen && data && (
        <Suspense fallback={<PageLoading />}>
          <ItemEditorDialog key={state.item ?? 'new'} menu={data} foodid={state.item} onClose={closeEditor} />
        </Suspense>
      )}
    </Box>
  );
}
