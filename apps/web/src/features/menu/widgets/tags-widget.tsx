import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

/** Tags as chips: typed and added with Enter, removed from the chip. */
export function TagsWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name="tags"
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={field.value}
          disabled={disabled}
          onChange={(_e, value) =>
            field.onChange([...new Set(value.map((v) => v.trim().slice(0, 40)).filter(Boolean))].slice(0, 30))
          }
          renderValue={(value, getItemProps) =>
            value.map((tag, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} size="small" label={tag} {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField {...params} size="small" label={def.label} helperText={t('editMenu.tagsHelp')} />
          )}
        />
      )}
    />
  );
}
