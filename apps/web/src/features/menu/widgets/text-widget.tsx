import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { sanitizeReportingFilter } from '@cd/core';
import type { ItemFormValues } from '../editor/form-values';
import { fieldPath, type WidgetProps } from './types';

/** Text and long text; the reporting filter keeps letters, digits and spaces only (spec 001 §5.2). */
export function TextWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<ItemFormValues>();
  const multiline = def.type === 'textarea';
  return (
    <Controller
      control={control}
      name={fieldPath(def)}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onBlur={field.onBlur}
          onChange={(event) =>
            field.onChange(
              def.key === 'reporting_filter2' ? sanitizeReportingFilter(event.target.value) : event.target.value,
            )
          }
          label={def.label}
          required={def.required}
          disabled={disabled}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          size="small"
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(fieldState.error.message, fieldState.error.message) : undefined}
        />
      )}
    />
  );
}
