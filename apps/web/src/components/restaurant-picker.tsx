import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useRestaurantChoices, type RestaurantChoice } from '../lib/restaurant-choices';

type Props = {
  label: string;
  /** The chosen restaurant id (from the address or a form). */
  value: string | undefined;
  onChange: (restaurant: string | undefined) => void;
  /** The restaurants offered; the user's own by default. */
  choices?: RestaurantChoice[];
  minWidth?: number;
  /** Shown but not changeable (a record that stays with its restaurant). */
  disabled?: boolean;
};

/** Picks one restaurant by name, searchable and grouped by food court. */
export function RestaurantPicker({ label, value, onChange, choices, minWidth = 320, disabled }: Props) {
  const { t } = useTranslation();
  const own = useRestaurantChoices();
  const options = choices ?? own;
  // A restaurant in the address that is not (yet) among the choices still shows, by its id.
  const selected = value
    ? (options.find((c) => c.restaurant === value) ?? { restaurant: value, name: value, foodcourt: '' })
    : null;
  return (
    <Autocomplete<RestaurantChoice>
      options={options}
      value={selected}
      groupBy={(c) => c.foodcourt}
      getOptionLabel={(c) => c.name}
      getOptionKey={(c) => c.restaurant}
      isOptionEqualToValue={(a, b) => a.restaurant === b.restaurant}
      onChange={(_event, choice) => onChange(choice?.restaurant)}
      disabled={disabled}
      noOptionsText={t('resource.noMatches')}
      size="small"
      // A phone's column may be narrower than minWidth (a picker in a card): there it takes the column's width.
      sx={{ minWidth: `min(${minWidth}px, 100%)`, maxWidth: 480, flex: 1 }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
