import { useMemo } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LocationNode } from '@cd/core';
import { useLoginState } from '../../../lib/login-state';

type Props = { value: string | undefined; onChange: (foodcourt: string | undefined) => void };

/** The user's food courts (from the profile's site map), by name; the settings are per food court. */
export function FoodcourtSelect({ value, onChange }: Props) {
  const { t } = useTranslation();
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  const courts = useMemo(
    () =>
      Object.values(map ?? {})
        .flatMap((l) => Object.values(l.foodcourts))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [map],
  );
  return (
    <TextField
      select
      size="small"
      label={t('pushSettings.foodcourt')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ minWidth: 240 }}
    >
      <MenuItem value="">{t('pushSettings.chooseFoodcourt')}</MenuItem>
      {value && !courts.some((f) => f.foodcourt === value) && <MenuItem value={value}>{value}</MenuItem>}
      {courts.map((f) => (
        <MenuItem key={f.foodcourt} value={f.foodcourt}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
