import InputAdornment from '@mui/material/InputAdornment';
import { useFormContext, useWatch } from 'react-hook-form';
import { moneyAdornment } from '../../../components/money-adornment';
import type { RestaurantFormValues } from '../form-values';
import type { FieldName } from './form-fields';

/** What a number field of the restaurant form holds: money in the restaurant's currency, or a fee that may be a percentage. */
export type Unit = { money: true; percentWhen?: FieldName };

/**
 * The adornment of a money field (issue 21 point 7): the symbol of the currency chosen on the form (the region's
 * until one is), or "%" at the end while the field's percentage switch is on.
 */
export function useUnitAdornment(unit: Unit | undefined) {
  const { control } = useFormContext<RestaurantFormValues>();
  const [currency, percent] = useWatch({ control, name: ['currency', unit?.percentWhen ?? 'currency'] }) as [
    string | undefined,
    unknown,
  ];
  if (!unit) return {};
  if (unit.percentWhen && percent === true) {
    return { endAdornment: <InputAdornment position="end">%</InputAdornment> };
  }
  return { startAdornment: moneyAdornment(currency) };
}
