import { lazy, Suspense, useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RestaurantView } from '@cd/core';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { SearchField } from '../../users';
import { siteKeys, useClients, useRestaurantList } from '../api';
import { RestaurantFilters, type RestaurantFilterValues } from '../components/restaurant-filters';
import { RestaurantTable } from '../components/restaurant-table';
import { SiteListHeader } from '../components/site-list-header';
import { useCanAdd } from '../site-grants';
import { siteListQuery } from '../list-params';
import { useSiteListUrlState } from '../url-state';
import { FoodcourtPickerDialog } from './foodcourt-picker-dialog';

// The form is large; the list shows its rows without waiting for it, and it loads when first opened.
const RestaurantFormDialog = lazy(() => import('../../restaurants').then((m) => ({ default: m.RestaurantFormDialog })));

/** The food court part of a restaurant id (`<food court id>:<restid>`, spec 000 §3). */
const foodcourtOf = (restaurant: string) => restaurant.slice(0, Math.max(0, restaurant.indexOf(':')));

/**
 * /restaurant: the user's restaurants, searched, filtered and paged on the server (a food court may hold
 * thousands). ?edit=<restaurant id> and ?action=new&foodcourt=<id> open the restaurant form.
 */
export function RestaurantPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { state, update } = useSiteListUrlState();
  const canAdd = useCanAdd('add_restaurant');
  const list = useRestaurantList(siteListQuery('restaurant', state));
  const clients = useClients();
  const clientNames = useMemo(() => new Map((clients.data ?? []).map((c) => [c.client, c.name])), [clients.data]);

  const handleSearch = useCallback(
    (search: string) => update({ search, page: undefined }, { replace: true }),
    [update],
  );
  const handleFilters = (patch: RestaurantFilterValues) => update({ ...patch, page: undefined });
  const closeDialog = () => update({ edit: undefined, action: undefined });
  const handleFormClose = (saved?: RestaurantView) => {
    // Counts on the organisation and food court lists change with a new restaurant too.
    if (saved) void queryClient.invalidateQueries({ queryKey: siteKeys.all });
    closeDialog();
  };

  const adding = state.action === 'new' && !state.edit && canAdd;

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <SiteListHeader
        title={t('sites.restaurant.title')}
        addLabel={t('sites.restaurant.add')}
        canAdd={canAdd}
        onAdd={() => update({ action: 'new', edit: undefined })}
      >
        <SearchField label={t('sites.restaurant.search')} value={state.search} onSearch={handleSearch} />
        <RestaurantFilters
          location={state.location}
          foodcourt={state.foodcourt}
          status={state.status}
          client={state.client}
          clients={clients.data ?? []}
          onChange={handleFilters}
        />
      </SiteListHeader>
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeError(list.error, i18n)}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <RestaurantTable
          restaurants={list.data?.restaurants ?? []}
          clientNames={clientNames}
          total={list.data?.total ?? 0}
          page={state.page}
          pageSize={state.pageSize}
          loading={list.isFetching}
          onPage={(page) => update({ page })}
          onPageSize={(page_size) => update({ page_size, page: undefined })}
          onEdit={(edit) => update({ edit, action: undefined })}
        />
      )}

      {adding && !state.foodcourt && (
        <FoodcourtPickerDialog
          location={state.location}
          onClose={closeDialog}
          // The chosen food court also filters the list, where the new restaurant then shows.
          onPick={(foodcourt) => update({ foodcourt, page: undefined })}
        />
      )}
      {(state.edit || (adding && state.foodcourt)) && (
        <Suspense fallback={<PageLoading />}>
          {state.edit ? (
            <RestaurantFormDialog
              key={state.edit}
              open
              mode="edit"
              foodcourt={foodcourtOf(state.edit)}
              restaurant={state.edit}
              onClose={handleFormClose}
            />
          ) : (
            <RestaurantFormDialog
              key={`new:${state.foodcourt}`}
              open
              mode="new"
              foodcourt={state.foodcourt ?? ''}
              restaurant={undefined}
              onClose={handleFormClose}
            />
          )}
        </Suspense>
      )}
    </Box>
  );
}
