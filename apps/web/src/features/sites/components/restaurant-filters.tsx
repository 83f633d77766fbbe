import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RESTAURANT_STATUS } from '@cd/core';
import type { ClientOption } from '../api';
import { SiteAutocomplete } from './site-autocomplete';

export type RestaurantFilterValues = { location?: string; foodcourt?: string; status?: string; client?: string };

type Props = RestaurantFilterValues & {
  clients: ClientOption[];
  onChange: (patch: RestaurantFilterValues) => void;
};

/** Organisation, food court (of the chosen organisation), status and client; all applied on the server. */
export function RestaurantFilters({ location, foodcourt, status, client, clients, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <SiteAutocomplete
        kind="location"
        label={t('sites.fields.location')}
        value={location}
        // Another organisation's food court would leave an empty list: the food court filter goes with it.
        onChange={(id) => onChange({ location: id, foodcourt: undefined })}
      />
      <SiteAutocomplete
        key={location ?? ''}
        kind="foodcourt"
        label={t('sites.fields.foodcourt')}
        value={foodcourt}
        location={location}
        onChange={(id) => onChange({ foodcourt: id })}
      />
      <TextField
        select
        size="small"
        label={t('sites.fields.status')}
        value={status ?? ''}
        onChange={(event) => onChange({ status: event.target.value || undefined })}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">{t('sites.list.all')}</MenuItem>
        {RESTAURANT_STATUS.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`sites.restaurant.status.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('sites.fields.client')}
        value={client ?? ''}
        onChange={(event) => onChange({ client: event.target.value || undefined })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{t('sites.list.all')}</MenuItem>
        {/* A client in the address that the list does not know (yet) still shows as chosen. */}
        {client && !clients.some((c) => c.client === client) && <MenuItem value={client}>{client}</MenuItem>}
        {clients.map((c) => (
          <MenuItem key={c.client} value={c.client}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
