import { describe, expect, it } from 'vitest';
import { COUNTRIES, REGIONS, formatMoney, regionForHost } from './regions.js';

describe('regions', () => {
  it('has live, demo and pre-production for each of the 21 countries', () => {
    expect(COUNTRIES).toHaveLength(21);
    expect(REGIONS).toHaveLength(63);
    expect(new Set(REGIONS.map((r) => r.environment))).toEqual(new Set(['live', 'demo', 'preprod']));
  });

  it('picks the region by host name, with a default for localhost', () => {
    expect(regionForHost('uk.controldesk.app').id).toBe('uk-live');
    expect(regionForHost('demo-nz.controldesk.app').id).toBe('nz-demo');
    expect(regionForHost('preprod-jp.example.org:8443').id).toBe('jp-preprod');
    expect(regionForHost('localhost:3000').id).toBe('in-demo');
    expect(regionForHost('127.0.0.1').id).toBe('in-demo');
    expect(regionForHost('canteen.acme.com', { 'canteen.acme.com': 'de-live' }).id).toBe('de-live');
  });

  it('uses CLP with no decimals for Chile', () => {
    const cl = regionForHost('cl.controldesk.app');
    expect(cl.currency).toBe('CLP');
    // Spanish groups from five digits (CLDR), so 4500 stays ungrouped.
    expect(formatMoney(45000, cl)).toBe('$45.000');
    expect(formatMoney(4500, cl)).toBe('$4500');
  });
});

describe('money formatting', () => {
  const region = (id: string) => REGIONS.find((r) => r.id === id)!;
  it('formats by the region: symbol, grouping and decimals', () => {
    expect(formatMoney(1234.5, region('in-live'))).toBe('₹1,234.50');
    expect(formatMoney(1234.5, region('uk-live'))).toBe('£1,234.50');
    expect(formatMoney(1234, region('jp-live'))).toBe('¥1,234');
  });
  it('adds the extra space after the symbol where the region says so', () => {
    expect(formatMoney(4.5, region('de-live'))).toBe('€ 4,50');
  });
  it('shows two decimals and no symbol in the no-symbol case', () => {
    expect(formatMoney(4.5, region('be-live'))).toBe('4,50');
    expect(formatMoney(3, region('be-live'))).toBe('3,00');
  });
  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-2, region('uk-live'))).toBe('-£2.00');
  });
});
