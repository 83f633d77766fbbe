import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseJsonBlob, issueText } from '../form-validation';
import type { JsonBlobKey, RestaurantFormValues } from '../form-values';
import { FieldBox } from './form-fields';

/**
 * One JSON blob (spec 001 §3.2) edited as text. The text is kept as typed; while it parses to an object the
 * option takes it, otherwise the option keeps its last valid value and the parse error shows under the field
 * (and blocks save).
 */
export function JsonBlobField({ blob }: { blob: JsonBlobKey }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<RestaurantFormValues>();
  const name = `jsonDrafts.${blob}` as const;
  return (
    <FieldBox name={name} wide>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const parsed = parseJsonBlob(field.value ?? '');
          const liveError = 'issue' in parsed ? issueText({ ...parsed.issue, field: name }, t) : undefined;
          return (
            <TextField
              label={t(`restaurant.fields.${blob}`)}
              value={field.value ?? ''}
              onChange={(e) => {
                field.onChange(e.target.value);
                const next = parseJsonBlob(e.target.value);
                if ('value' in next) setValue(`options.${blob}`, next.value, { shouldDirty: true });
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              error={Boolean(liveError ?? fieldState.error)}
              helperText={liveError ?? fieldState.error?.message ?? t('restaurant.json.help')}
              multiline
              minRows={3}
              maxRows={16}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          );
        }}
      />
    </FieldBox>
  );
}
