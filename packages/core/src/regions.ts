/**
 * Regional deployments (spec 000 §1, §9): live, demo and pre-production for each country, each with its
 * currency, language tag, theme variant and flags. The web app picks one by host name.
 */

export type RegionFlags = {
  hideNotificationSelectAll: boolean;
  notificationRestriction: boolean;
  notificationRecurrence: boolean;
  deliveryExecutive: boolean;
  /** A space between the currency symbol and the amount ("£ 4.50"). */
  extraSpaceAfterCurrency: boolean;
  /** Amounts show with two decimals and no symbol. */
  noCurrencySymbol: boolean;
};

export type Country = {
  country: string;
  name: string;
  currency: string;
  symbol: string;
  language: string;
  theme: 'yellow' | 'orange';
  flags: Partial<RegionFlags>;
};

export type Environment = 'live' | 'demo' | 'preprod';

export type Region = Omit<Country, 'flags'> & {
  id: string;
  environment: Environment;
  hosts: string[];
  flags: RegionFlags;
};

export const COUNTRIES: Country[] = [
  {
    country: 'in',
    name: 'India',
    currency: 'INR',
    symbol: '₹',
    language: 'en-IN',
    theme: 'yellow',
    flags: { deliveryExecutive: true, notificationRestriction: true },
  },
  {
    country: 'uk',
    name: 'United Kingdom',
    currency: 'GBP',
    symbol: '£',
    language: 'en-GB',
    theme: 'yellow',
    flags: { notificationRecurrence: true },
  },
  {
    country: 'nz',
    name: 'New Zealand',
    currency: 'NZD',
    symbol: '$',
    language: 'en',
    theme: 'orange',
    flags: { hideNotificationSelectAll: true },
  },
  { country: 'au', name: 'Australia', currency: 'AUD', symbol: '$', language: 'en-au', theme: 'yellow', flags: {} },
  {
    country: 'de',
    name: 'Germany',
    currency: 'EUR',
    symbol: '€',
    language: 'de',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  { country: 'us', name: 'United States', currency: 'USD', symbol: '$', language: 'en-us', theme: 'yellow', flags: {} },
  { country: 'jp', name: 'Japan', currency: 'JPY', symbol: '¥', language: 'ja', theme: 'yellow', flags: {} },
  { country: 'mx', name: 'Mexico', currency: 'MXN', symbol: '$', language: 'es-mx', theme: 'yellow', flags: {} },
  { country: 'cl', name: 'Chile', currency: 'CLP', symbol: '$', language: 'es', theme: 'yellow', flags: {} },
  {
    country: 'es',
    name: 'Spain',
    currency: 'EUR',
    symbol: '€',
    language: 'es',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  { country: 'ie', name: 'Ireland', currency: 'EUR', symbol: '€', language: 'en', theme: 'yellow', flags: {} },
  { country: 'hk', name: 'Hong Kong', currency: 'HKD', symbol: '$', language: 'zh-hk', theme: 'yellow', flags: {} },
  { country: 'sg', name: 'Singapore', currency: 'SGD', symbol: '$', language: 'en', theme: 'yellow', flags: {} },
  {
    country: 'ae',
    name: 'United Arab Emirates',
    currency: 'AED',
    symbol: 'AED',
    language: 'en',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  {
    country: 'nl',
    name: 'Netherlands',
    currency: 'EUR',
    symbol: '€',
    language: 'nl-be',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  {
    country: 'se',
    name: 'Sweden',
    currency: 'SEK',
    symbol: 'kr',
    language: 'sv-fi',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  {
    country: 'it',
    name: 'Italy',
    currency: 'EUR',
    symbol: '€',
    language: 'it',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  { country: 'ca', name: 'Canada', currency: 'CAD', symbol: '$', language: 'en', theme: 'yellow', flags: {} },
  {
    country: 'fi',
    name: 'Finland',
    currency: 'EUR',
    symbol: '€',
    language: 'sv-fi',
    theme: 'yellow',
    flags: { extraSpaceAfterCurrency: true },
  },
  {
    country: 'be',
    name: 'Belgium',
    currency: 'EUR',
    symbol: '€',
    language: 'fr',
    theme: 'yellow',
    flags: { noCurrencySymbol: true },
  },
  { country: 'ph', name: 'Philippines', currency: 'PHP', symbol: '₱', language: 'en', theme: 'yellow', flags: {} },
];

const NO_FLAGS: RegionFlags = {
  hideNotificationSelectAll: false,
  notificationRestriction: false,
  notificationRecurrence: false,
  deliveryExecutive: false,
  extraSpaceAfterCurrency: false,
  noCurrencySymbol: false,
};

/** Default host names; a deployment may configure its own (see regionForHost). */
export const REGION_DOMAIN = 'controldesk.app';

const HOST_PREFIX: Record<Environment, string> = { live: '', demo: 'demo-', preprod: 'preprod-' };

export const REGIONS: Region[] = COUNTRIES.flatMap((c) =>
  (['live', 'demo', 'preprod'] as const).map((environment) => ({
    ...c,
    id: `${c.country}-${environment}`,
    environment,
    hosts: [`${HOST_PREFIX[environment]}${c.country}.${REGION_DOMAIN}`],
    flags: { ...NO_FLAGS, ...c.flags },
  })),
);

/** The region localhost and unknown hosts get. */
export const DEFAULT_REGION_ID = 'in-demo';

/**
 * Picks the region for a host name: an explicit mapping first (host → region id), then the default host
 * names, then the first label of the host (`uk.example.com`, `demo-uk.example.com`), else the default.
 */
export function regionForHost(host: string, mapping: Record<string, string> = {}): Region {
  return matchRegionForHost(host, mapping).region;
}

/**
 * How a host found its region: the configured mapping, the host itself (a known host or its country label), or
 * nothing, so the default region (issue 35: pages whose rules differ by region say when the default applies).
 */
export type RegionMatch = { region: Region; by: 'mapping' | 'host' | 'default' };

export function matchRegionForHost(host: string, mapping: Record<string, string> = {}): RegionMatch {
  const h = host.toLowerCase().replace(/:\d+$/, '');
  const byId = (id: string | undefined) => REGIONS.find((r) => r.id === id);
  const mapped = byId(mapping[h]);
  if (mapped) return { region: mapped, by: 'mapping' };
  const exact = REGIONS.find((r) => r.hosts.includes(h));
  if (exact) return { region: exact, by: 'host' };
  const label = h.split('.')[0] ?? '';
  const m = /^(?:(demo|preprod)-)?([a-z]{2})$/.exec(label);
  if (m && h.includes('.')) {
    const found = byId(`${m[2]}-${m[1] ?? 'live'}`);
    if (found) return { region: found, by: 'host' };
  }
  return { region: byId(DEFAULT_REGION_ID)!, by: 'default' };
}

/** Decimal digits per currency (ISO 4217); the rest use 2. */
const DECIMALS: Record<string, number> = { JPY: 0, CLP: 0 };

export function currencyDecimals(currency: string): number {
  return DECIMALS[currency] ?? 2;
}

/**
 * Formats money by the region's rules: its symbol before the amount (with a space when the region says so),
 * grouping and decimals by its language tag; with no symbol, a plain amount with two decimals.
 */
export function formatMoney(
  amount: number,
  region: Pick<Region, 'currency' | 'symbol' | 'language' | 'flags'>,
): string {
  if (region.flags.noCurrencySymbol) {
    return new Intl.NumberFormat(region.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      amount,
    );
  }
  const decimals = currencyDecimals(region.currency);
  const number = new Intl.NumberFormat(region.language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(amount));
  const sign = amount < 0 ? '-' : '';
  const space = region.flags.extraSpaceAfterCurrency ? ' ' : '';
  return `${sign}${region.symbol}${space}${number}`;
}
