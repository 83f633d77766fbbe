import { currencyByCode, formatMoney, type Region } from '@cd/core';
import { currentRegion } from './region';

type MoneyStyle = Pick<Region, 'currency' | 'symbol' | 'language' | 'flags'>;

/**
 * The one money format of this deployment (issue 21 point 7): the region's language, symbol spacing and flags
 * (core's formatMoney), in a record's own currency when it has a known one (its symbol), else the region's.
 */
function moneyStyle(currency: string | undefined, region: MoneyStyle): MoneyStyle {
  const known = currency ? currencyByCode(currency) : undefined;
  return known ? { ...region, currency: known.code, symbol: known.symbol } : region;
}

/** Amounts in a record's own currency (the region's when it has none), written the way this deployment writes them. */
export function moneyFormatter(currency?: string, region: MoneyStyle = currentRegion()): (amount: number) => string {
  const style = moneyStyle(currency, region);
  return (amount) => formatMoney(amount, style);
}

/**
 * The symbol a money input shows beside the amount: the currency's (the region's when it has none), or '' in a
 * region whose amounts show no symbol.
 */
export function moneySymbol(currency?: string, region: MoneyStyle = currentRegion()): string {
  return region.flags.noCurrencySymbol ? '' : moneyStyle(currency, region).symbol;
}
