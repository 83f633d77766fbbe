import { useEffect, useState } from 'react';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { numberOf } from '../../../components/resource';
import type { ProgramFormApi } from '../program-values';

/**
 * Expiry in days, where empty means never: emptied, the field holds null (not undefined, which the form would
 * read as its default again), so a program's expiry can be taken away by deleting the number.
 */
export function ExpiryField({ form }: { form: ProgramFormApi }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: form.control, name: 'expiry_days' });
  const value = field.value;
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  // A value set from outside (a reload after a conflict) replaces the text unless it is what the text says.
  useEffect(() => {
    const shown = numberOf(text) ?? null;
    if (value === null || value === undefined) {
      if (shown !== null && !Number.isNaN(shown)) setText('');
    } else if (!Number.isNaN(value) && shown !== value) setText(String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const message = fieldState.error?.message;
  return (
    <TextField
      label={t('loyalty.form.expiryDays')}
      name={field.name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(numberOf(event.target.value) ?? null);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={
        message && /^(Invalid input|expected number)/i.test(message)
          ? t('resource.enterNumber')
          : (message ?? t('loyalty.form.expiryHint'))
      }
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ maxWidth: 320 }}
    />
  );
}
