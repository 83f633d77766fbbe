import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioGroupField } from '../../../components/radio-group-field';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import { fieldChoices } from './options';
import { fieldPath, type WidgetProps } from './types';

/** One of a few choices, side by side (the food type: Veg, Egg, Non-veg). */
export function RadioWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const editor = useItemEditor();
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name={fieldPath(def)}
      render={({ field }) => (
        <RadioGroupField
          label={def.label}
          name={field.name}
          row
          options={fieldChoices(def, editor, t)}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          disabled={disabled}
        />
      )}
    />
  );
}
