import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { locationBody, type LocationView } from '@cd/core';
import {
  LastChanged,
  ResourceFormDialog,
  ResourceListPage,
  type FormRenderProps,
  type ResourceColumn,
} from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { locationApi, locationsUrl } from '../api';
import { IdAndNameFields } from '../components/id-name-fields';
import { useCanAdd } from '../site-grants';

const toValues = (row?: LocationView) => ({ location: row?.location ?? '', name: row?.name ?? '' });

/** Add an organisation (id and name) or rename one; the id is fixed once created. */
function LocationForm(props: FormRenderProps<LocationView>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = locationApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      title={row ? t('sites.location.editTitle', { name: row.name }) : t('sites.location.addTitle')}
      schema={locationBody.pick({ location: true, name: true })}
      toValues={toValues}
      save={(body, version) => save.mutateAsync({ id: row?.location, body, version })}
    >
      {(form) => (
        <IdAndNameFields
          control={form.control as never}
          idField="location"
          idLabel={t('sites.location.id')}
          editing={Boolean(row)}
        />
      )}
    </ResourceFormDialog>
  );
}

/** /location "Organization": the organisations, searched, sorted and paged on the server; add and rename. */
export function LocationPage() {
  const { t } = useTranslation();
  const url = useUrlState(locationsUrl);
  const canAdd = useCanAdd('add_location');
  const countLink = (to: string, count: number) => (
    <Link component={RouterLink} to={to}>
      {count}
    </Link>
  );
  const columns: ResourceColumn<LocationView>[] = [
    { id: 'name', header: t('sites.fields.name'), sortable: true, primary: true, cell: (r) => r.name },
    { id: 'location', header: t('sites.fields.id'), sortable: true, cell: (r) => r.location },
    {
      id: 'foodcourt_count',
      header: t('sites.fields.foodcourtCount'),
      sortable: true,
      cell: (r) => countLink(`/foodcourt?location=${encodeURIComponent(r.location)}`, r.foodcourt_count),
    },
    {
      id: 'restaurant_count',
      header: t('sites.fields.restaurantCount'),
      sortable: true,
      cell: (r) => countLink(`/restaurant?location=${encodeURIComponent(r.location)}`, r.restaurant_count),
    },
    { id: 'updated_at', header: t('sites.fields.lastChanged'), sortable: true, cell: (r) => <LastChanged row={r} /> },
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('sites.location.title')}
        api={locationApi}
        url={url}
        columns={columns}
        listLabel={t('sites.location.listLabel')}
        rowName={(r) => r.name}
        searchLabel={t('sites.location.search')}
        createLabel={t('sites.location.add')}
        canCreate={canAdd}
        empty={t('sites.location.empty')}
        renderForm={(props) => <LocationForm {...props} />}
      />
    </Box>
  );
}
