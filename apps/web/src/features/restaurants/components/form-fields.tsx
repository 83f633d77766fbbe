import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { nonNegativeOrEmpty } from '@cd/core';
import { NumberInput } from '../../../components/number-input';
import type { RestaurantFormValues } from '../form-values';
import { useLockedBy } from './locked-context';
import { useIsRequired } from './required-context';
import { useUnitAdornment, type Unit } from './use-unit-adornment';
import { useFieldLabel } from './use-field-label';

export type FieldName = Path<RestaurantFormValues>;
type Common = { name: FieldName; label?: string; disabled?: boolean; helperText?: string };

/** Lays fields out in columns that wrap on narrow screens. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', mb: 2 }}>
      {children}
    </Box>
  );
}

/** Marks where a field sits, so the form can scroll to the first field with an error. */
export function FieldBox({ name, children, wide = false }: { name: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box data-field={name} sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      {children}
    </Box>
  );
}

type TextProps = Common & {
  multiline?: boolean;
  /** Applied to each typed value (e.g. lowercasing restid). */
  transform?: (value: string) => string;
  readOnly?: boolean;
  wide?: boolean;
};

export function TextFormField({ name, label, disabled, helperText, multiline, transform, readOnly, wide }: TextProps) {
  const { control } = useFormContext<RestaurantFormValues>();
  const text = useFieldLabel(name, label);
  const required = useIsRequired(name);
  // Spec 001 §6: a permission-labelled field the user does not hold is read-only, and says why.
  const lockedBy = useLockedBy(name);
  const { t } = useTranslation();
  return (
    <FieldBox name={name} wide={wide || multiline}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <TextField
            label={text}
            required={required}
            value={(field.value as string | null) ?? ''}
            onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              (lockedBy ? t('restaurant.help.locked', { permission: lockedBy }) : helperText)
            }
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            slotProps={{ htmlInput: { readOnly: readOnly || lockedBy !== '' } }}
            fullWidth
            size="small"
          />
        )}
      />
    </FieldBox>
  );
}

type NumberProps = Common & {
  integer?: boolean;
  /** Money (the currency's symbol beside it), or a fee that is a percentage while its switch is on. */
  unit?: Unit;
};

/** A number field: empty and negative input become empty (null), which the validation then reports. */
export function NumberFormField({ name, label, disabled, helperText, integer = false, unit }: NumberProps) {
  const { control } = useFormContext<RestaurantFormValues>();
  const adornment = useUnitAdornment(unit);
  const text = useFieldLabel(name, label);
  const required = useIsRequired(name);
  return (
    <FieldBox name={name}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <NumberInput
            label={required ? `${text} *` : text}
            value={(field.value as number | null | undefined) ?? ''}
            onChange={(e) => {
              const raw = e.target.value;
              field.onChange(raw === '' ? null : nonNegativeOrEmpty(Number(raw)));
            }}
            onKeyDown={(e) => {
              if (integer && (e.key === '.' || e.key === ',')) e.preventDefault();
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            name={field.name}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? helperText}
            size="small"
            inputProps={{ step: integer ? 1 : 'any' }}
            {...adornment}
          />
        )}
      />
    </FieldBox>
  );
}

type SwitchProps = Common & {
  /** Replaces the plain value change, for fields whose change runs a transition. */
  onToggle?: (checked: boolean) => void;
  readOnly?: boolean;
};

export function SwitchFormField({ name, label, disabled, helperText, onToggle, readOnly }: SwitchProps) {
  const { control } = useFormContext<RestaurantFormValues>();
  const text = useFieldLabel(name, label);
  return (
    <FieldBox name={name}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <>
            <FormControlLabel
              label={text}
              disabled={disabled || readOnly}
              control={
                <Switch
                  checked={Boolean(field.value)}
                  onChange={(e) => (onToggle ? onToggle(e.target.checked) : field.onChange(e.target.checked))}
                  inputRef={field.ref}
                  name={field.name}
                />
              }
            />
            {(fieldState.error || helperText) && (
              <FormHelperText error={Boolean(fieldState.error)}>
                {fieldState.error?.message ?? helperText}
              </FormHelperText>
            )}
          </>
        )}
      />
    </FieldBox>
  );
}

export type SelectOption = { value: string; label: string };

type SelectProps = Common & { options: readonly SelectOption[]; onSelect?: (value: string) => void };

export function SelectFormField({ name, label, disabled, helperText, options, onSelect }: SelectProps) {
  const { control } = useFormContext<RestaurantFormValues>();
  const text = useFieldLabel(name, label);
  const required = useIsRequired(name);
  return (
    <FieldBox name={name}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const value = (field.value as string | null) ?? '';
          // A stored value the list does not (yet) hold is still shown, not silently dropped.
          const shown =
            value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options;
          return (
            <TextField
              select
              label={text}
              required={required}
              value={value}
              onChange={(e) => (onSelect ? onSelect(e.target.value) : field.onChange(e.target.value))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              disabled={disabled}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? helperText}
              fullWidth
              size="small"
            >
              {shown.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          );
        }}
      />
    </FieldBox>
  );
}

/** A colour as #RRGGBB: the browser's colour picker next to the typed value. */
export function ColourFormField({ name, label, disabled }: Common) {
  const { control } = useFormContext<RestaurantFormValues>();
  const text = useFieldLabel(name, label);
  return (
    <FieldBox name={name}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={text}
              value={(field.value as string) ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              name={field.name}
              disabled={disabled}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              size="small"
              fullWidth
            />
            <Box
              component="input"
              type="color"
              aria-label={`${text} picker`}
              disabled={disabled}
              value={/^#[0-9A-Fa-f]{6}$/.test(String(field.value)) ? String(field.value) : '#000000'}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value.toUpperCase())}
              sx={{ width: 48, height: 40, p: 0, border: 'none', background: 'none' }}
            />
          </Box>
        )}
      />
    </FieldBox>
  );
}
