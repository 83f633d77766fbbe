import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseNumericInput, parsePreorderPush } from '@cd/core';
import { moneyAdornment } from '../../../components/money-adornment';
import { NumberInput } from '../../../components/number-input';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import { fieldPath, type WidgetProps } from './types';

/**
 * Number, integer and currency inputs (spec 001 §5.2): negatives are refused unless the field allows them
 * (temperature); integers drop decimals; empty or unreadable becomes empty. Pre-order push minutes ignores a
 * negative value. The price shows the price-book price beside it when the restaurant has one.
 */
export function NumberWidget({ def, disabled }: WidgetProps) {
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name={fieldPath(def)}
      render={({ field, fieldState }) => (
        <NumberText
          def={def}
          disabled={disabled}
          value={field.value as number | ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

type TextProps = WidgetProps & {
  value: number | '';
  onChange: (value: number | '') => void;
  onBlur: () => void;
  error?: string;
};

function NumberText({ def, disabled, value, onChange, onBlur, error }: TextProps) {
  const { t } = useTranslation();
  const { currency, money, pricebookPrice } = useItemEditor();
  // The typed text is kept as typed ("12." while typing 12.5); the form holds the number it reads as.
  const [text, setText] = useState(value === '' ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value === '' ? '' : String(value));
  }
  const integer = def.type === 'integer';
  const allowNegative = def.allowNegative === true;

  const handleChange = (raw: string) => {
    const next =
      def.key === 'preorder_push_minutes'
        ? parsePreorderPush(raw, value)
        : parseNumericInput(raw, { integer, allowNegative });
    setShown(next);
    // Empty, refused (a negative) or cut to a whole number: show what the form holds; else what was typed.
    setText(next === '' ? '' : integer && String(next) !== raw.trim() ? String(next) : raw);
    onChange(next);
  };

  const isPrice = def.key === 'price';
  const helper =
    isPrice && pricebookPrice !== null
      ? t('editMenu.pricebookNote', { newPrice: money(pricebookPrice), oldPrice: money(value === '' ? 0 : value) })
      : error
        ? t(error, error)
        : undefined;
  return (
    <NumberInput
      label={def.label}
      value={text}
      onChange={(event) => handleChange(event.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      allowNegative={allowNegative}
      error={Boolean(error)}
      helperText={helper}
      inputProps={{ step: integer ? 1 : 'any' }}
      startAdornment={def.type === 'currency' ? moneyAdornment(currency.code) : undefined}
    />
  );
}
