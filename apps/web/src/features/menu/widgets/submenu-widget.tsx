import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { itemSubmenuOptions } from '@cd/core';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

/**
 * The submenu box: the restaurant's submenus to attach. By item type (spec 001 §4.2) a meal-deal item may use
 * only submenus whose options all carry a food id; an item enabled as a submenu cannot use those.
 */
export function SubmenuWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const { submenus } = useItemEditor();
  const { control } = useFormContext<ItemFormValues>();
  const extras = useWatch({ control, name: 'extras' });
  const options = itemSubmenuOptions({ extras }, submenus);
  const reason = extras.enable_as_mealdeal
    ? t('editMenu.submenus.mealdealOnly')
    : extras.enable_as_submenu
      ? t('editMenu.submenus.noLinked')
      : '';
  return (
    <Controller
      control={control}
      name="submenu"
      render={({ field }) => {
        const selected = field.value;
        const toggle = (id: string) =>
          field.onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
        return (
          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel component="legend" id={labelId}>
              {def.label}
            </FormLabel>
            <FormGroup aria-labelledby={labelId}>
              {options.map((s) => (
                <FormControlLabel
                  key={s.submenuid}
                  label={s.title}
                  // A submenu already attached stays uncheckable even when the item's type now forbids it.
                  disabled={disabled || (s.disabled && !selected.includes(s.submenuid))}
                  control={<Checkbox checked={selected.includes(s.submenuid)} onChange={() => toggle(s.submenuid)} />}
                />
              ))}
            </FormGroup>
            {options.length === 0 && <FormHelperText>{t('editMenu.submenus.none')}</FormHelperText>}
            {reason && options.some((s) => s.disabled) && <FormHelperText>{reason}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
