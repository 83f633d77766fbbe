import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useController, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { foodcourtBody, type FoodcourtView } from '@cd/core';
import {
  LastChanged,
  ResourceFormDialog,
  ResourceListPage,
  type FormRenderProps,
  type ResourceColumn,
} from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { foodcourtApi, foodcourtsUrl } from '../api';
import { IdAndNameFields } from '../components/id-name-fields';
import { SiteAutocomplete } from '../components/site-autocomplete';
import { useCanAdd } from '../site-grants';
import { useSiteSelection } from '../site-selection';

const schema = foodcourtBody.pick({ foodcourt: true, location: true, name: true });
const toValues = (row?: FoodcourtView, location?: string) => ({
  foodcourt: row?.foodcourt ?? '',
  location: row?.location ?? location ?? '',
  name: row?.name ?? '',
});

/**
 * Add a food court (id, organisation, name) or rename one. The id and the organisation are fixed once created:
 * restaurant ids start with the food court id, and the organisation decides who may see it.
 */
function FoodcourtForm({ location, ...props }: FormRenderProps<FoodcourtView> & { location?: string }) {
  const { row } = props;
  const { t } = useTranslation();
  const save = foodcourtApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      title={row ? t('sites.foodcourt.editTitle', { name: row.name }) : t('sites.foodcourt.addTitle')}
      schema={schema}
      toValues={(r) => toValues(r, location)}
      save={(body, version) => save.mutateAsync({ id: row?.foodcourt, body, version })}
    >
      {(form) => (
        <>
          <LocationField control={form.control} fixed={Boolean(row)} />
          <IdAndNameFields
            control={form.control as never}
            idField="foodcourt"
            idLabel={t('sites.foodcourt.id')}
            editing={Boolean(row)}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}

type FormControl = Control<z.input<typeof schema>, unknown, z.output<typeof schema>>;

function LocationField({ control, fixed }: { control: FormControl; fixed: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'location' });
  return (
    <SiteAutocomplete
      kind="location"
      label={t('sites.fields.location')}
      value={field.value || undefined}
      onChange={(id) => field.onChange(id ?? '')}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? (fixed ? t('sites.foodcourt.locationFixed') : '')}
      disabled={fixed}
      required
      size="medium"
    />
  );
}

/** /foodcourt: the food courts, searched, filtered by organisation, sorted and paged on the server. */
export function FoodcourtPage() {
  const { t } = useTranslation();
  const url = useUrlState(foodcourtsUrl);
  const canAdd = useCanAdd('add_foodcourt');
  const choose = useSiteSelection(url.state, url.update, ['location']);
  const columns: ResourceColumn<FoodcourtView>[] = [
    { id: 'name', header: t('sites.fields.name'), sortable: true, primary: true, cell: (r) => r.name },
    { id: 'foodcourt', header: t('sites.fields.id'), sortable: true, cell: (r) => r.foodcourt },
    {
      id: 'location_name',
      header: t('sites.fields.location'),
      sortable: true,
      cell: (r) => r.location_name || r.location,
    },
    {
      id: 'restaurant_count',
      header: t('sites.fields.restaurantCount'),
      sortable: true,
      cell: (r) => (
        <Link component={RouterLink} to={`/restaurant?foodcourt=${encodeURIComponent(r.foodcourt)}`}>
          {r.restaurant_count}
        </Link>
      ),
    },
    { id: 'updated_at', header: t('sites.fields.lastChanged'), sortable: true, cell: (r) => <LastChanged row={r} /> },
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('sites.foodcourt.title')}
        api={foodcourtApi}
        url={url}
        columns={columns}
        listLabel={t('sites.foodcourt.listLabel')}
        rowName={(r) => r.name}
        searchLabel={t('sites.foodcourt.search')}
        filters={
          <SiteAutocomplete
            kind="location"
            label={t('sites.fields.location')}
            value={url.state.location}
            onChange={(location) => choose({ location })}
          />
        }
        createLabel={t('sites.foodcourt.add')}
        canCreate={canAdd}
        empty={t('sites.foodcourt.empty')}
        renderForm={(props) => <FoodcourtForm {...props} location={url.state.location} />}
      />
    </Box>
  );
}
