import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LocationNode } from '@cd/core';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { useLoginState } from '../../../lib/login-state';
import { restaurantChoices } from '../../../lib/restaurant-choices';

export type SiteValue = { foodcourt?: string; restaurant?: string };
type Props = SiteValue & { onChange: (value: SiteValue) => void };

/** Food court, then one of its restaurants (or any of the user's), from the profile's site map. */
export function SiteFilter({ foodcourt, restaurant, onChange }: Props) {
  const { t } = useTranslation();
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  const { foodcourts, restaurants } = useMemo(() => {
    const locations = Object.values(map ?? {});
    const courts = locations.flatMap((l) => Object.values(l.foodcourts));
    // The restaurant choices of the chosen food court only, through the same grouping the picker uses.
    const scoped = foodcourt
      ? Object.fromEntries(
          locations.map((l) => [
            l.location,
            {
              ...l,
              foodcourts: Object.fromEntries(Object.entries(l.foodcourts).filter(([, f]) => f.foodcourt === foodcourt)),
            },
          ]),
        )
      : map;
    return {
      foodcourts: courts.sort((a, b) => a.name.localeCompare(b.name)),
      restaurants: restaurantChoices(scoped),
    };
  }, [map, foodcourt]);

  return (
    <>
      <TextField
        select
        size="small"
        label={t('orders.filters.foodcourt')}
        value={foodcourt ?? ''}
        // Another food court's restaurant would leave an empty list: the restaurant filter goes with it.
        onChange={(event) => onChange({ foodcourt: event.target.value || undefined, restaurant: undefined })}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{t('orders.filters.all')}</MenuItem>
        {foodcourt && !foodcourts.some((f) => f.foodcourt === foodcourt) && (
          <MenuItem value={foodcourt}>{foodcourt}</MenuItem>
        )}
        {foodcourts.map((f) => (
          <MenuItem key={f.foodcourt} value={f.foodcourt}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      <RestaurantPicker
        label={t('orders.filters.restaurant')}
        value={restaurant}
        choices={restaurants}
        minWidth={220}
        onChange={(id) => onChange({ foodcourt, restaurant: id })}
      />
    </>
  );
}
