import { currencyByCode, formatMoney } from '@cd/core';
import { currentRegion } from './region';

/**
 * Amounts in a record's own currency (its symbol and decimals), written the way this deployment writes numbers
 * (the region's language, symbol spacing and flags; core's formatMoney).
 */
export function moneyFormatter(currency: string): (amount: number) => string {
  const region = currentRegion();
  const known = currencyByCode(currency);
  const style = known ? { ...region, currency: known.code, symbol: known.symbol } : region;
  return (amount) => formatMoney(amount, style);
}
