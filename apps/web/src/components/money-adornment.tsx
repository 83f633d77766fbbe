import InputAdornment from '@mui/material/InputAdornment';
import { moneySymbol } from '../lib/money';

/**
 * The currency symbol at the start of a money input (issue 21 point 7), from the same format the amounts are
 * shown in; nothing in a region whose amounts show no symbol. For an OutlinedInput's `startAdornment` or a
 * TextField's `slotProps.input.startAdornment`.
 */
export function moneyAdornment(currency?: string) {
  const symbol = moneySymbol(currency);
  return symbol ? <InputAdornment position="start">{symbol}</InputAdornment> : undefined;
}
