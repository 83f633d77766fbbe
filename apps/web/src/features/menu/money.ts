import { currencyByCode, formatMoney } from '@cd/core';
import { currentRegion } from '../../lib/region';

/** A price in the restaurant's currency (its symbol and decimals), written the way this deployment writes numbers. */
export function moneyFormatter(currency: string): (amount: number) => string {
  const region = currentRegion();
  const known = currencyByCode(currency);
  const style = known ? { ...region, currency: known.code, symbol: known.symbol } : region;
  return (amount) => formatMoney(amount, style);
}
