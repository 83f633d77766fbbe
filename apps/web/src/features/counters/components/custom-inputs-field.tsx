import { Add as AddIcon, DeleteOutline as DeleteIcon } from '../../../components/icons';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CUSTOM_INPUT_TYPES } from '@cd/core';
import { FormTextField } from '../../../components/resource';
import type { SettingsForm } from '../settings-form';

const MAX_INPUTS = 20;

/**
 * The counter's custom inputs (spec 000 §3): rows of label, type, options (chips, only for the choice types) and
 * required, added and removed here. Core's rule: a choice input needs an option, a text input has none.
 */
export function CustomInputsField({ form }: { form: SettingsForm }) {
  const { t } = useTranslation();
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'settings.custom_inputs' });
  const inputs = useWatch({ control, name: 'settings.custom_inputs' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('counters.settings.customInputs')}
      </Typography>
      {fields.length === 0 && <Typography color="text.secondary">{t('counters.settings.noCustomInputs')}</Typography>}
      {fields.map((field, index) => {
        const base = `settings.custom_inputs.${index}` as const;
        const number = index + 1;
        const type = inputs?.[index]?.type ?? 'text';
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={t('counters.settings.inputN', { number })}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
          >
            <FormTextField
              control={control}
              name={`${base}.label`}
              label={t('counters.settings.inputLabel', { number })}
              size="small"
              sx={{ minWidth: 160, flex: 1 }}
              required
            />
            <Controller
              control={control}
              name={`${base}.type`}
              render={({ field: typeField }) => (
                <TextField
                  select
                  size="small"
                  label={t('counters.settings.inputType', { number })}
                  value={typeField.value}
                  onChange={(event) => {
                    typeField.onChange(event.target.value);
                    // A text input has no options: switching to it drops them.
                    if (event.target.value === 'text') form.setValue(`${base}.options`, [], { shouldDirty: true });
                  }}
                  sx={{ minWidth: 170 }}
                >
                  {CUSTOM_INPUT_TYPES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`counters.inputType.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {type !== 'text' && (
              <Controller
                control={control}
                name={`${base}.options`}
                render={({ field: optionsField, fieldState }) => (
                  <Autocomplete
                    multiple
                    freeSolo
                    autoSelect
                    options={[] as string[]}
                    value={optionsField.value ?? []}
                    onChange={(_event, value) =>
                      optionsField.onChange([...new Set(value.map((v) => v.trim()).filter(Boolean))])
                    }
                    renderValue={(value, getItemProps) =>
                      value.map((option, i) => {
                        const { key, ...chip } = getItemProps({ index: i });
                        return <Chip key={key} size="small" label={option} {...chip} />;
                      })
                    }
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        size="small"
                        label={t('counters.settings.inputOptions', { number })}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message ?? t('counters.settings.optionsHint')}
                      />
                    )}
                    sx={{ minWidth: 240, flex: 2 }}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name={`${base}.required`}
              render={({ field: requiredField }) => (
                <FormControlLabel
                  label={t('counters.settings.inputRequired')}
                  control={
                    <Checkbox
                      checked={Boolean(requiredField.value)}
                      onChange={(event) => requiredField.onChange(event.target.checked)}
                    />
                  }
                />
              )}
            />
            <IconButton aria-label={t('counters.settings.removeInput', { number })} onClick={() => remove(index)}>
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= MAX_INPUTS}
          onClick={() => append({ label: '', type: 'dropdown', options: [], required: false })}
        >
          {t('counters.settings.addInput')}
        </Button>
      </Box>
    </Box>
  );
}
