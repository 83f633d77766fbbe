import { lazy, Suspense, useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RestaurantSummary, RestaurantView } from '@cd/core';
import { CopyIdButton } from '../../../components';
import { PageLoading } from '../../../components/page-loading';
import { LastChanged, ResourceListPage, type FormRenderProps, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { restaurantListApi, restaurantsUrl, useClients } from '../api';
import { RestaurantFilters } from '../components/restaurant-filters';
import { useCanAdd } from '../site-grants';
import { useSiteSelection } from '../site-selection';
import { FoodcourtPickerDialog } from './foodcourt-picker-dialog';

// The form is large; the list shows its rows without waiting for it, and it loads when first opened.
const RestaurantFormDialog = lazy(() => import('../../restaurants').then((m) => ({ default: m.RestaurantFormDialog })));

/** The food court part of a restaurant id (`<food court id>:<restid>`, spec 000 §3). */
const foodcourtOf = (restaurant: string) => restaurant.slice(0, Math.max(0, restaurant.indexOf(':')));

const STATUS_COLOUR: Record<string, ChipProps['color']> = {
  active: 'success',
  inactive: 'default',
  demo: 'info',
  closed: 'error',
};

/**
 * /restaurant: the user's restaurants, searched, filtered, sorted and paged on the server (a food court may hold
 * thousands). ?edit=<restaurant id> and ?action=new&foodcourt=<id> open the restaurant form.
 */
export function RestaurantPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const url = useUrlState(restaurantsUrl);
  const { state, update } = url;
  const canAdd = useCanAdd('add_restaurant');
  const choose = useSiteSelection(state, update, ['location', 'foodcourt']);
  const clients = useClients();
  const clientNames = useMemo(() => new Map((clients.data ?? []).map((c) => [c.client, c.name])), [clients.data]);
  const label = (group: string, value: string) =>
    !value ? '' : i18n.exists(`sites.restaurant.${group}.${value}`) ? t(`sites.restaurant.${group}.${value}`) : value;

  const columns: ResourceColumn<RestaurantSummary>[] = [
    { id: 'name', header: t('sites.fields.name'), sortable: true, primary: true, cell: (r) => r.name },
    {
      id: 'restaurant',
      header: t('sites.fields.id'),
      sortable: true,
      cell: (r) => (
        <>
          {r.restaurant}
          <CopyIdButton id={r.restaurant} />
        </>
      ),
    },
    {
      id: 'foodcourt_name',
      header: t('sites.fields.foodcourt'),
      sortable: true,
      cell: (r) => r.foodcourt_name || r.foodcourt,
    },
    {
      id: 'client',
      header: t('sites.fields.client'),
      sortable: true,
      cell: (r) => clientNames.get(r.client) ?? r.client,
    },
    {
      id: 'status',
      header: t('sites.fields.status'),
      sortable: true,
      cell: (r) =>
        r.status && (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLOUR[r.status] ?? 'default'}
            label={label('status', r.status)}
          />
        ),
    },
    { id: 'type', header: t('sites.fields.type'), sortable: true, cell: (r) => label('type', r.type) },
    {
      id: 'service',
      header: t('sites.fields.service'),
      cell: (r) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {r.hasdinein && <Chip size="small" label={t('sites.restaurant.dinein')} />}
          {r.hasdelivery && <Chip size="small" label={t('sites.restaurant.delivery')} />}
          {r.hide_restaurant && (
            <Chip size="small" color="warning" variant="outlined" label={t('sites.restaurant.hidden')} />
          )}
        </Box>
      ),
    },
    { id: 'updated_at', header: t('sites.fields.lastChanged'), sortable: true, cell: (r) => <LastChanged row={r} /> },
  ];

  const renderForm = ({ row, onClose }: FormRenderProps<RestaurantSummary>) => {
    const close = (saved?: RestaurantView) => {
      // Names and counts on all three site lists change with a saved restaurant.
      if (saved) void queryClient.invalidateQueries({ queryKey: ['sites'] });
      onClose();
    };
    if (!row && !state.foodcourt) {
      // The chosen food court also filters the list, where the new restaurant then shows.
      return (
        <FoodcourtPickerDialog
          location={state.location}
          onClose={onClose}
          onPick={(foodcourt) => choose({ foodcourt })}
        />
      );
    }
    return (
      <Suspense fallback={<PageLoading />}>
        <RestaurantFormDialog
          key={row?.restaurant ?? `new:${state.foodcourt}`}
          open
          mode={row ? 'edit' : 'new'}
          foodcourt={row ? foodcourtOf(row.restaurant) : (state.foodcourt ?? '')}
          restaurant={row?.restaurant}
          onClose={close}
        />
      </Suspense>
    );
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('sites.restaurant.title')}
        api={restaurantListApi}
        url={url}
        columns={columns}
        listLabel={t('sites.restaurant.listLabel')}
        rowName={(r) => r.name}
        searchLabel={t('sites.restaurant.search')}
        filters={
          <RestaurantFilters
            location={state.location}
            foodcourt={state.foodcourt}
            status={state.status}
            client={state.client}
            clients={clients.data ?? []}
            onChange={(patch) => {
              const { location, foodcourt, ...rest } = patch;
              if ('location' in patch || 'foodcourt' in patch)
                choose({
                  ...('location' in patch ? { location } : {}),
                  ...('foodcourt' in patch ? { foodcourt } : {}),
                });
              if (Object.keys(rest).length) update({ ...rest, page: undefined });
            }}
          />
        }
        createLabel={t('sites.restaurant.add')}
        canCreate={canAdd}
        empty={t('sites.restaurant.empty')}
        renderForm={renderForm}
      />
    </Box>
  );
}
