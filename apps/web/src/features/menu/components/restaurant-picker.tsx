import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../../lib/login-state';
import { useProfile } from '../../auth';

export type RestaurantChoice = { restaurant: string; name: string; foodcourt: string };

/** The user's restaurants from the profile's organisation → food court → restaurant map, by food court. */
export function restaurantChoices(map: Record<string, LocationNode> | undefined): RestaurantChoice[] {
  const choices: RestaurantChoice[] = [];
  for (const location of Object.values(map ?? {}))
    for (const fc of Object.values(location.foodcourts))
      for (const r of fc.restaurants) choices.push({ restaurant: r.restaurant, name: r.name, foodcourt: fc.name });
  return choices.sort((a, b) => a.foodcourt.localeCompare(b.foodcourt) || a.name.localeCompare(b.name));
}

type Props = { value: string | undefined; onChange: (restaurant: string | undefined) => void };

/** Picks one of the user's restaurants (searchable, grouped by food court). */
export function RestaurantPicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const profile = useProfile();
  const { user } = useLoginState();
  const map = (profile.data ?? user)?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  const choices = useMemo(() => restaurantChoices(map), [map]);
  const selected = choices.find((c) => c.restaurant === value) ?? null;
  return (
    <Autocomplete
      options={choices}
      value={selected}
      groupBy={(c) => c.foodcourt}
      getOptionLabel={(c) => c.name}
      getOptionKey={(c) => c.restaurant}
      isOptionEqualToValue={(a, b) => a.restaurant === b.restaurant}
      onChange={(_event, choice) => onChange(choice?.restaurant)}
      loading={profile.isPending}
      sx={{ minWidth: 280 }}
      renderInput={(params) => <TextField {...params} size="small" label={t('editMenu.restaurant')} />}
    />
  );
}
