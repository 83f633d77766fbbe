import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUserSites } from '../../lib/use-user-sites';

type Props = { label: string; value: string | undefined; onChange: (foodcourt: string | undefined) => void };

/**
 * A list filter by one of the user's food courts ("All" clears it). A food court in the address that is not among
 * the user's still shows, by its name when known, so a shared link reads right.
 */
export function FoodcourtFilter({ label, value, onChange }: Props) {
  const { t } = useTranslation();
  const sites = useUserSites();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('resource.filters.all')}</MenuItem>
      {value && !sites.foodcourts.some((f) => f.id === value) && (
        <MenuItem value={value}>{sites.nameOf(value)}</MenuItem>
      )}
      {sites.foodcourts.map((f) => (
        <MenuItem key={f.id} value={f.id}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
