import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toggleInGroup } from '@cd/core';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import { fieldChoices } from './options';
import { fieldPath, type WidgetProps } from './types';

/** Several choices as checkboxes; with maxSelection above 0 no more than that many can be checked (spec 001 §5.2). */
export function CheckboxGroupWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const editor = useItemEditor();
  const labelId = useId();
  const { control } = useFormContext<ItemFormValues>();
  const choices = fieldChoices(def, editor, t);
  const max = def.maxSelection ?? 0;
  return (
    <Controller
      control={control}
      name={fieldPath(def)}
      render={({ field }) => {
        const selected = (field.value as string[] | undefined) ?? [];
        const full = max > 0 && selected.length >= max;
        // Values stored on the item but missing from the list still show (and can be unchecked).
        const extra = selected.filter((v) => !choices.some((c) => c.value === v)).map((v) => ({ value: v, label: v }));
        return (
          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel component="legend" id={labelId}>
              {def.label}
            </FormLabel>
            <FormGroup row aria-labelledby={labelId}>
              {[...choices, ...extra].map((c) => {
                const checked = selected.includes(c.value);
                return (
                  <FormControlLabel
                    key={c.value}
                    label={c.label}
                    disabled={disabled || (full && !checked)}
                    control={
                      <Checkbox
                        checked={checked}
                        onChange={() => field.onChange(toggleInGroup(selected, c.value, max))}
                      />
                    }
                  />
                );
              })}
            </FormGroup>
            {choices.length === 0 && extra.length === 0 && <FormHelperText>{t('editMenu.noChoices')}</FormHelperText>}
            {max > 0 && <FormHelperText>{t('editMenu.maxSelection', { count: max })}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
