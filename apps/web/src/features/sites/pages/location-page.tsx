import { useCallback } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { SearchField } from '../../users';
import { fetchLocationById, siteKeys, useLocationById, useLocationList } from '../api';
import { LocationTable } from '../components/location-table';
import { SiteListHeader } from '../components/site-list-header';
import { useCanAdd } from '../site-grants';
import { siteListQuery } from '../list-params';
import { useSiteListUrlState } from '../url-state';
import { LocationDialog } from './location-dialog';
import { SiteNotFoundDialog } from './site-not-found-dialog';

/** /location "Organization": the organisations, searched and paged on the server; add and rename in a dialog. */
export function LocationPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { state, update } = useSiteListUrlState();
  const canAdd = useCanAdd('add_location');
  const list = useLocationList(siteListQuery('location', state));
  const rows = list.data?.locations ?? [];

  // ?edit=<id>: the row on the page shown, else looked up once the page has loaded without it.
  const onPage = rows.find((row) => row.location === state.edit);
  const listSettled = list.isSuccess && !list.isPlaceholderData;
  const lookup = useLocationById(listSettled && !onPage ? state.edit : undefined, onPage);
  const editing = onPage ?? lookup.data ?? undefined;

  const handleSearch = useCallback(
    (search: string) => update({ search, page: undefined }, { replace: true }),
    [update],
  );
  const closeDialog = () => update({ edit: undefined, action: undefined });
  const reload = async () => {
    const fresh = state.edit ? await fetchLocationById(state.edit) : null;
    await queryClient.invalidateQueries({ queryKey: siteKeys.locations() });
    return fresh;
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <SiteListHeader
        title={t('sites.location.title')}
        addLabel={t('sites.location.add')}
        canAdd={canAdd}
        onAdd={() => update({ action: 'new', edit: undefined })}
      >
        <SearchField label={t('sites.location.search')} value={state.search} onSearch={handleSearch} />
      </SiteListHeader>
      {list.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {describeError(list.error, i18n)}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <LocationTable
          locations={rows}
          total={list.data?.total ?? 0}
          page={state.page}
          pageSize={state.pageSize}
          loading={list.isFetching}
          onPage={(page) => update({ page })}
          onPageSize={(page_size) => update({ page_size, page: undefined })}
          onEdit={(edit) => update({ edit, action: undefined })}
        />
      )}

      {state.action === 'new' && !state.edit && canAdd && <LocationDialog onClose={closeDialog} onReload={reload} />}
      {state.edit && editing && (
        <LocationDialog key={editing.location} location={editing} onClose={closeDialog} onReload={reload} />
      )}
      {state.edit && !editing && lookup.isSuccess && <SiteNotFoundDialog id={state.edit} onClose={closeDialog} />}
    </Box>
  );
}
