import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { RestaurantChoice } from '../api';

type Props = {
  restaurants: RestaurantChoice[];
  loading: boolean;
  /** The chosen restaurant id (from the address). */
  value: string;
  onChange: (restaurant: string | undefined) => void;
};

/** Picks one of the user's restaurants by name; the list is filtered as the user types. */
export function RestaurantPicker({ restaurants, loading, value, onChange }: Props) {
  const { t } = useTranslation();
  // A restaurant in the address that is not (yet) in the list still shows, by its id.
  const selected = value
    ? (restaurants.find((r) => r.restaurant === value) ?? {
        restaurant: value,
        name: value,
        foodcourt: '',
        location: '',
      })
    : null;
  return (
    <Autocomplete<RestaurantChoice>
      value={selected}
      options={restaurants}
      loading={loading}
      size="small"
      sx={{ minWidth: 320, maxWidth: 480, flex: 1 }}
      isOptionEqualToValue={(option, chosen) => option.restaurant === chosen.restaurant}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.restaurant}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {option.name}
            <span style={{ opacity: 0.6, marginLeft: 8, fontSize: '0.85em' }}>{option.restaurant}</span>
          </li>
        );
      }}
      onChange={(_event, option) => onChange(option?.restaurant)}
      loadingText={t('menuManagement.common.loading')}
      noOptionsText={t('menuManagement.restaurant.noMatches')}
      renderInput={(params) => <TextField {...params} label={t('menuManagement.restaurant.label')} />}
    />
  );
}
