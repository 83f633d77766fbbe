import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { SearchField } from '../../users';
import { fetchFoodcourtById, siteKeys, useFoodcourtById, useFoodcourtList } from '../api';
import { FoodcourtTable } from '../components/foodcourt-table';
import { SiteAutocomplete } from '../components/site-autocomplete';
import { SiteListHeader } from '../components/site-list-header';
import { useCanAdd } from '../site-grants';
import { siteListQuery } from '../list-params';
import { useSiteListUrlState } from '../url-state';
import { FoodcourtDialog } from './foodcourt-dialog';
import { SiteNotFoundDialog } from './site-not-found-dialog';

/** /foodcourt: the food courts, searched, filtered by organisation and paged on the server; add and rename. */
export function FoodcourtPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { state, update } = useSiteListUrlState();
  const canAdd = useCanAdd('add_foodcourt');
  const list = useFoodcourtList(siteListQuery('foodcourt', state));
  const rows = list.data?.foodcourts ?? [];

  // ?edit=<id>: the row on the page shown, else looked up once the page has loaded without it.
  const onPage = rows.find((row) => row.foodcourt === state.edit);
  const listSettled = list.isSuccess && !list.isPlaceholderData;
  const lookup = useFoodcourtById(listSettled && !onPage ? state.edit : undefined, onPage);
  const editing = onPage ?? lookup.data ?? undefined;

  const handleSearch = useCallback(
    (search: string) => update({ search, page: undefined }, { replace: true }),
    [update],
  );
  const closeDialog = () => update({ edit: undefined, action: undefined });
  const reload = async () => {
    const fresh = state.edit ? await fetchFoodcourtById(state.edit) : null;
    await queryClient.invalidateQueries({ queryKey: siteKeys.foodcourts() });
    return fresh;
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <SiteListHeader
        title={t('sites.foodcourt.title')}
        addLabel={t('sites.foodcourt.add')}
        canAdd={canAdd}
        onAdd={() => update({ action: 'new', edit: undefined })}
      >
        <SearchField label={t('sites.foodcourt.search')} value={state.search} onSearch={handleSearch} />
        <SiteAutocomplete
          kind="location"
          label={t('sites.fields.location')}
          value={state.location}
          onChange={(location) => update({ location, page: undefined })}
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
        <FoodcourtTable
          foodcourts={rows}
          total={list.data?.total ?? 0}
          page={state.page}
          pageSize={state.pageSize}
          loading={list.isFetching}
          onPage={(page) => update({ page })}
          onPageSize={(page_size) => update({ page_size, page: undefined })}
          onEdit={(edit) => update({ edit, action: undefined })}
        />
      )}

      {state.action === 'new' && !state.edit && canAdd && (
        <FoodcourtDialog location={state.location} onClose={closeDialog} onReload={reload} />
      )}
      {state.edit && editing && (
        <FoodcourtDialog key={editing.foodcourt} foodcourt={editing} onClose={closeDialog} onReload={reload} />
      )}
      {state.edit && !editing && lookup.isSuccess && <SiteNotFoundDialog id={state.edit} onClose={closeDialog} />}
    </Box>
  );
}
