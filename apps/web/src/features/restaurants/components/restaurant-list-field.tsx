import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RestaurantFormValues } from '../form-values';
import { FieldBox } from './form-fields';

type Props = {
  name: 'options.linked_menu_restaurants' | 'options.linked_submenu_restaurants';
  options: { restaurant: string; name: string }[];
};

/** A list of restaurant ids: chosen from the food court's restaurants, or typed (Enter adds). */
export function RestaurantListField({ name, options }: Props) {
  const { t } = useTranslation();
  const { control } = useFormContext<RestaurantFormValues>();
  const names = new Map(options.map((o) => [o.restaurant, o.name]));
  const label = t(`restaurant.fields.${name.replace('options.', '')}`);
  return (
    <FieldBox name={name} wide>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            freeSolo
            options={options.map((o) => o.restaurant)}
            getOptionLabel={(id) => (names.get(id) ? `${names.get(id)} (${id})` : id)}
            value={field.value ?? []}
            onChange={(_e, value) => field.onChange([...new Set(value.map((v) => v.trim()).filter(Boolean))])}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                size="small"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? t('restaurant.help.restaurantList')}
              />
            )}
          />
        )}
      />
    </FieldBox>
  );
}
