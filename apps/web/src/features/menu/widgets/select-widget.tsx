import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import { fieldChoices } from './options';
import { fieldPath, type WidgetProps } from './types';

/** A select whose choices come from the definition or list_name_map; it can be left empty. */
export function SelectWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const editor = useItemEditor();
  const { control } = useFormContext<ItemFormValues>();
  const choices = fieldChoices(def, editor, t);
  return (
    <Controller
      control={control}
      name={fieldPath(def)}
      render={({ field }) => {
        const value = (field.value as string | undefined) ?? '';
        // A stored value no longer in the list still shows.
        const all = value && !choices.some((c) => c.value === value) ? [...choices, { value, label: value }] : choices;
        return (
          <TextField
            select
            label={def.label}
            value={value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            disabled={disabled}
            size="small"
            fullWidth
          >
            <MenuItem value="">
              <em>{t('editMenu.none')}</em>
            </MenuItem>
            {all.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
