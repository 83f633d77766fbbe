import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { RestaurantChoice } from '../restaurants';

type Props = {
  label: string;
  choices: RestaurantChoice[];
  value: string | undefined;
  onChange: (restaurant: string | undefined) => void;
  loading?: boolean;
};

/** Picks one of the user's restaurants (searchable, grouped by food court). */
export function RestaurantSelect({ label, choices, value, onChange, loading }: Props) {
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
      loading={loading}
      sx={{ minWidth: 280 }}
      renderInput={(params) => <TextField {...params} size="small" label={label} />}
    />
  );
}
