import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { Add as AddIcon, Replay as ReplayIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canAccessPage, type FoodItemSummary } from '@cd/core';
import { RestaurantPicker } from '../../../components';
import { PageLoading } from '../../../components/page-loading';
import { loadable } from '../../../lib/loadable';
import { useLoginState } from '../../../lib/login-state';
import { describeError } from '../../../lib/server-message';
import { useAllergens, useListNameMap, useMenu } from '../api';
import { CategoryFilter } from '../components/category-filter';
import { ItemList } from '../components/item-list';
import { OptionSnoozes } from '../components/option-snoozes';
import { SnoozeAction } from '../components/snooze-action';
import { AsOfDialog } from '../history/as-of-dialog';
import { MenuHistoryDrawer } from '../history/history-drawer';
import { filterItems } from '../filter-items';
import { moneyFormatter } from '../../../lib/money';
import { useMenuUrlState, type MenuUrlPatch } from '../url-state';
import { SearchField } from '../../../components/resource';

// The editor is large; the list shows its rows without waiting for it, and it loads when the list shows (or when
// first opened). It renders without suspending once loaded (lib/loadable.ts): through React.lazy,
// React's fallback throttle held it back up to 300 ms, a third of the editor's opening.
const ItemEditorDialog = loadable(
  () => import('../editor/item-editor-dialog').then((m) => m.ItemEditorDialog),
  <PageLoading />,
);

type ListProps = {
  restaurant: string | undefined;
  search: string;
  category: string | undefined;
  update: (patch: MenuUrlPatch, options?: { replace?: boolean }) => void;
};

/**
 * Everything but the editor: title, filters and the item list. Memoised on the parts of the address it shows, so
 * opening or closing an item does not render the list again.
 */
const MenuList = memo(function MenuList({ restaurant, search, category, update }: ListProps) {
  const { t, i18n } = useTranslation();
  const menu = useMenu(restaurant);
  const data = menu.data;

  const money = useMemo(() => moneyFormatter(data?.restaurant.currency ?? ''), [data?.restaurant.currency]);
  const categories = useMemo(() => (data?.categories ?? []).map((c) => c.name), [data?.categories]);
  const items = useMemo(
    () => filterItems(data?.fooditems ?? [], search, category),
    [data?.fooditems, search, category],
  );
  const pricebook = Boolean(data && data.restaurant.pricebook_path && data.restaurant.pricebook_path !== 'none');

  const handleSearch = useCallback((next: string) => update({ search: next }, { replace: true }), [update]);
  const handleCategory = useCallback(
    (next: string | undefined) => update({ category: next }, { replace: true }),
    [update],
  );
  const handleRestaurant = useCallback(
    (next: string | undefined) => update({ restaurant: next, item: undefined, action: undefined, category: undefined }),
    [update],
  );
  const openItem = useCallback((item: string) => update({ item, action: undefined }), [update]);
  const canSnooze = useCanSnooze();
  const canEdit = useHoldsPage('editMenu');
  const [historyOf, setHistoryOf] = useState<FoodItemSummary | null>(null);
  const [asOfOpen, setAsOfOpen] = useState(false);
  // Beside each row: Snooze (editMenu or inventoryManagement) and History (issue 36: its changes, revert one).
  const rowActions = useCallback(
    (item: FoodItemSummary) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {restaurant && canSnooze && <SnoozeAction restaurant={restaurant} item={item} />}
        {/* An icon named "History" only: the row's own button is named by the item (tests and journeys find it so). */}
        <Tooltip title={t('menuHistory.open')}>
          <IconButton
            size="small"
            aria-label={t('menuHistory.open')}
            onClick={() => setHistoryOf(item)}
            // A phone's row has no room beside Snooze: there History is in the item editor's title bar.
            sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          >
            <ReplayIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    ),
    [restaurant, canSnooze, t],
  );
  // A snooze ends by itself: read the menu again when the first one still running passes.
  const nextReturn = useMemo(() => {
    const times = [
      ...(data?.fooditems ?? []).map((i) => i.snoozed_until),
      ...(data?.submenus ?? []).flatMap((s) => Object.values(s.snoozed_options ?? {})),
    ]
      .map((until) => (until ? new Date(until).getTime() : 0))
      .filter((ms) => ms > Date.now());
    return times.length ? Math.min(...times) : null;
  }, [data?.fooditems, data?.submenus]);
  const refetch = menu.refetch;
  useEffect(() => {
    if (nextReturn === null) return;
    const wait = Math.min(nextReturn - Date.now() + 500, 2 ** 31 - 1);
    const timer = setTimeout(() => void refetch(), Math.max(wait, 0));
    return () => clearTimeout(timer);
  }, [nextReturn, refetch]);

  return (
    <>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('editMenu.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" sx={{ whiteSpace: 'nowrap' }} disabled={!data} onClick={() => setAsOfOpen(true)}>
            {t('menuHistory.asOf.open')}
          </Button>
          <Button
            variant="outlined"
            sx={{ whiteSpace: 'nowrap' }}
            component={RouterLink}
            to={restaurant ? `/menu-changes?restaurant=${encodeURIComponent(restaurant)}` : '/menu-changes'}
          >
            {t('menuChanges.open')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            // One line on a phone: the title wraps beside it or above it (issue 35).
            sx={{ whiteSpace: 'nowrap' }}
            disabled={!data}
            onClick={() => update({ action: 'new', item: undefined })}
          >
            {t('editMenu.addItem')}
          </Button>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <RestaurantPicker label={t('editMenu.restaurant')} value={restaurant} onChange={handleRestaurant} />
        <SearchField label={t('editMenu.list.search')} value={search} onSearch={handleSearch} />
        <CategoryFilter categories={categories} value={category} onChange={handleCategory} />
        {data && (
          <Typography role="status" color="text.secondary">
            {t('editMenu.list.count', { count: items.length, total: data.fooditems.length })}
          </Typography>
        )}
      </Box>

      {!restaurant && <Typography color="text.secondary">{t('editMenu.pickRestaurant')}</Typography>}
      {menu.isError && <Alert severity="error">{describeError(menu.error, i18n)}</Alert>}
      {restaurant && menu.isPending && <PageLoading />}
      {data && restaurant && canSnooze && <OptionSnoozes restaurant={restaurant} submenus={data.submenus} />}
      {data && <ItemList items={items} money={money} pricebook={pricebook} onOpen={openItem} actions={rowActions} />}
      {historyOf && (
        <MenuHistoryDrawer
          entity="item"
          id={historyOf.foodid}
          name={historyOf.foodname}
          canRevert={canEdit}
          onClose={() => setHistoryOf(null)}
        />
      )}
      {asOfOpen && restaurant && (
        <AsOfDialog restaurant={restaurant} money={money} onClose={() => setAsOfOpen(false)} />
      )}
    </>
  );
});

/** The signed-in user's page access, as core decides it (the server checks again). */
function usePageSubject() {
  const { user } = useLoginState();
  const extras = user?.vendorextras;
  return {
    admin: extras?.admin === true,
    pagepermissionaccess: extras?.pagepermissionaccess ?? [],
    permissions: extras?.permissions ?? [],
  };
}

/** Snoozing needs page editMenu or inventoryManagement (the server checks again). */
function useCanSnooze(): boolean {
  const subject = usePageSubject();
  return canAccessPage(subject, 'editMenu') || canAccessPage(subject, 'inventoryManagement');
}

/** Reverting an item's change needs page editMenu (the server checks again). */
function useHoldsPage(page: 'editMenu'): boolean {
  return canAccessPage(usePageSubject(), page);
}

/**
 * /menu (Add/Edit Menu, spec 001 §2.3): pick a restaurant, then search and filter its items and open one
 * (or a new one) in the item editor. Everything the screen shows is in the address.
 */
export function MenuPage() {
  const { state, update } = useMenuUrlState();
  const menu = useMenu(state.restaurant);
  const data = menu.data;
  // Once the list is shown, fetch what the editor needs (its code, the select lists, the allergen catalogue) so
  // opening an item waits only for the item itself.
  const listReady = Boolean(data);
  useListNameMap({ enabled: listReady });
  useAllergens({ enabled: listReady });
  useEffect(() => {
    if (listReady) ItemEditorDialog.preload().catch(() => undefined);
  }, [listReady]);

  const closeEditor = useCallback(() => update({ item: undefined, action: undefined }), [update]);
  const editorOpen = Boolean(data && (state.item || state.action === 'new'));

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <MenuList restaurant={state.restaurant} search={state.search} category={state.category} update={update} />
      {editorOpen && data && (
        <ItemEditorDialog key={state.item ?? 'new'} menu={data} foodid={state.item} onClose={closeEditor} />
      )}
    </Box>
  );
}
