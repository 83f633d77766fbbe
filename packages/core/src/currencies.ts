/**
 * The static currency table of spec 001 §3.4: code, symbol, name, decimal digits (0, 2 or 3) and cash
 * rounding, for world currencies plus a Points unit. `rounding` is the cash-rounding increment in major
 * units (0 = none beyond the decimal digits); the Swiss franc rounds to 0.05.
 */

export type CurrencyDecimals = 0 | 2 | 3;

export type Currency = {
  code: string;
  symbol: string;
  name: string;
  decimals: CurrencyDecimals;
  rounding: number;
};

/** The loyalty-points unit some restaurants sell in: whole points, no symbol of its own. */
export const POINTS_CURRENCY_CODE = 'PTS';

type Row = [code: string, symbol: string, name: string, decimals?: CurrencyDecimals, rounding?: number];

// Decimal digits follow ISO 4217 where the money is used in practice (e.g. ISK, HUF amounts are whole).
const ROWS: Row[] = [
  ['AED', 'AED', 'United Arab Emirates Dirham'],
  ['AFN', 'Af', 'Afghan Afghani', 0],
  ['ALL', 'ALL', 'Albanian Lek', 0],
  ['AMD', 'AMD', 'Armenian Dram', 0],
  ['ARS', 'AR$', 'Argentine Peso'],
  ['AUD', 'AU$', 'Australian Dollar'],
  ['AZN', 'man.', 'Azerbaijani Manat'],
  ['BAM', 'KM', 'Bosnia-Herzegovina Convertible Mark'],
  ['BDT', 'Tk', 'Bangladeshi Taka'],
  ['BGN', 'BGN', 'Bulgarian Lev'],
  ['BHD', 'BD', 'Bahraini Dinar', 3],
  ['BIF', 'FBu', 'Burundian Franc', 0],
  ['BND', 'BN$', 'Brunei Dollar'],
  ['BOB', 'Bs', 'Bolivian Boliviano'],
  ['BRL', 'R$', 'Brazilian Real'],
  ['BWP', 'BWP', 'Botswanan Pula'],
  ['BYN', 'Br', 'Belarusian Ruble'],
  ['BZD', 'BZ$', 'Belize Dollar'],
  ['CAD', 'CA$', 'Canadian Dollar'],
  ['CDF', 'CDF', 'Congolese Franc'],
  ['CHF', 'CHF', 'Swiss Franc', 2, 0.05],
  ['CLP', 'CL$', 'Chilean Peso', 0],
  ['CNY', 'CN¥', 'Chinese Yuan'],
  ['COP', 'CO$', 'Colombian Peso', 0],
  ['CRC', '₡', 'Costa Rican Colón', 0],
  ['CVE', 'CV$', 'Cape Verdean Escudo'],
  ['CZK', 'Kč', 'Czech Republic Koruna'],
  ['DJF', 'Fdj', 'Djiboutian Franc', 0],
  ['DKK', 'Dkr', 'Danish Krone'],
  ['DOP', 'RD$', 'Dominican Peso'],
  ['DZD', 'DA', 'Algerian Dinar'],
  ['EGP', 'EGP', 'Egyptian Pound'],
  ['ERN', 'Nfk', 'Eritrean Nakfa'],
  ['ETB', 'Br', 'Ethiopian Birr'],
  ['EUR', '€', 'Euro'],
  ['GBP', '£', 'British Pound Sterling'],
  ['GEL', 'GEL', 'Georgian Lari'],
  ['GHS', 'GH₵', 'Ghanaian Cedi'],
  ['GNF', 'FG', 'Guinean Franc', 0],
  ['GTQ', 'GTQ', 'Guatemalan Quetzal'],
  ['HKD', 'HK$', 'Hong Kong Dollar'],
  ['HNL', 'HNL', 'Honduran Lempira'],
  ['HUF', 'Ft', 'Hungarian Forint', 0],
  ['IDR', 'Rp', 'Indonesian Rupiah', 0],
  ['ILS', '₪', 'Israeli New Shekel'],
  ['INR', '₹', 'Indian Rupee'],
  ['IQD', 'IQD', 'Iraqi Dinar', 0],
  ['IRR', 'IRR', 'Iranian Rial', 0],
  ['ISK', 'Ikr', 'Icelandic Króna', 0],
  ['JMD', 'J$', 'Jamaican Dollar'],
  ['JOD', 'JD', 'Jordanian Dinar', 3],
  ['JPY', '¥', 'Japanese Yen', 0],
  ['KES', 'Ksh', 'Kenyan Shilling'],
  ['KHR', 'KHR', 'Cambodian Riel'],
  ['KMF', 'CF', 'Comorian Franc', 0],
  ['KRW', '₩', 'South Korean Won', 0],
  ['KWD', 'KD', 'Kuwaiti Dinar', 3],
  ['KZT', 'KZT', 'Kazakhstani Tenge'],
  ['LBP', 'L.L.', 'Lebanese Pound', 0],
  ['LKR', 'SLRs', 'Sri Lankan Rupee'],
  ['LYD', 'LD', 'Libyan Dinar', 3],
  ['MAD', 'MAD', 'Moroccan Dirham'],
  ['MDL', 'MDL', 'Moldovan Leu'],
  ['MGA', 'MGA', 'Malagasy Ariary', 0],
  ['MKD', 'MKD', 'Macedonian Denar'],
  ['MMK', 'MMK', 'Myanma Kyat', 0],
  ['MOP', 'MOP$', 'Macanese Pataca'],
  ['MUR', 'MURs', 'Mauritian Rupee', 0],
  ['MXN', 'MX$', 'Mexican Peso'],
  ['MYR', 'RM', 'Malaysian Ringgit'],
  ['MZN', 'MTn', 'Mozambican Metical'],
  ['NAD', 'N$', 'Namibian Dollar'],
  ['NGN', '₦', 'Nigerian Naira'],
  ['NIO', 'C$', 'Nicaraguan Córdoba'],
  ['NOK', 'Nkr', 'Norwegian Krone'],
  ['NPR', 'NPRs', 'Nepalese Rupee'],
  ['NZD', 'NZ$', 'New Zealand Dollar'],
  ['OMR', 'OMR', 'Omani Rial', 3],
  ['PAB', 'B/.', 'Panamanian Balboa'],
  ['PEN', 'S/.', 'Peruvian Nuevo Sol'],
  ['PHP', '₱', 'Philippine Peso'],
  ['PKR', 'PKRs', 'Pakistani Rupee', 0],
  ['PLN', 'zł', 'Polish Zloty'],
  ['PYG', '₲', 'Paraguayan Guarani', 0],
  ['QAR', 'QR', 'Qatari Rial'],
  ['RON', 'RON', 'Romanian Leu'],
  ['RSD', 'din.', 'Serbian Dinar', 0],
  ['RUB', 'RUB', 'Russian Ruble'],
  ['RWF', 'RWF', 'Rwandan Franc', 0],
  ['SAR', 'SR', 'Saudi Riyal'],
  ['SDG', 'SDG', 'Sudanese Pound'],
  ['SEK', 'Skr', 'Swedish Krona'],
  ['SGD', 'S$', 'Singapore Dollar'],
  ['SOS', 'Ssh', 'Somali Shilling', 0],
  ['SYP', 'SY£', 'Syrian Pound', 0],
  ['THB', '฿', 'Thai Baht'],
  ['TND', 'DT', 'Tunisian Dinar', 3],
  ['TOP', 'T$', 'Tongan Paʻanga'],
  ['TRY', 'TL', 'Turkish Lira'],
  ['TTD', 'TT$', 'Trinidad and Tobago Dollar'],
  ['TWD', 'NT$', 'New Taiwan Dollar'],
  ['TZS', 'TSh', 'Tanzanian Shilling', 0],
  ['UAH', '₴', 'Ukrainian Hryvnia'],
  ['UGX', 'USh', 'Ugandan Shilling', 0],
  ['USD', '$', 'US Dollar'],
  ['UYU', '$U', 'Uruguayan Peso'],
  ['UZS', 'UZS', 'Uzbekistan Som', 0],
  ['VES', 'Bs.S', 'Venezuelan Bolívar'],
  ['VND', '₫', 'Vietnamese Dong', 0],
  ['XAF', 'FCFA', 'CFA Franc BEAC', 0],
  ['XOF', 'CFA', 'CFA Franc BCEAO', 0],
  ['YER', 'YR', 'Yemeni Rial', 0],
  ['ZAR', 'R', 'South African Rand'],
  ['ZMW', 'ZK', 'Zambian Kwacha'],
  [POINTS_CURRENCY_CODE, 'pts', 'Points', 0],
];

export const CURRENCIES: readonly Currency[] = ROWS.map(([code, symbol, name, decimals = 2, rounding = 0]) => ({
  code,
  symbol,
  name,
  decimals,
  rounding,
}));

const BY_CODE = new Map(CURRENCIES.map((c) => [c.code, c]));

/** The currency with this code (any case), or undefined. */
export function currencyByCode(code: string): Currency | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/** Rounds an amount to the currency's decimal digits, then to its cash-rounding increment if it has one. */
export function roundToCurrency(amount: number, currency: Pick<Currency, 'decimals' | 'rounding'>): number {
  const factor = 10 ** currency.decimals;
  const byDigits = Math.round(amount * factor) / factor;
  if (!currency.rounding) return byDigits;
  const steps = Math.round(byDigits / currency.rounding);
  return Number((steps * currency.rounding).toFixed(currency.decimals));
}
