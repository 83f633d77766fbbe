import { formatMoney } from '@cd/core';
import { describe, expect, it } from 'vitest';
import { currentRegion, matchRegion, parseRegionHosts, pickRegion } from './region';

describe('region by host name', () => {
  it('localhost and unknown hosts get the default region (India demo, rupees)', () => {
    expect(pickRegion('localhost:5173', undefined).id).toBe('in-demo');
    expect(pickRegion('127.0.0.1:4310', undefined).id).toBe('in-demo');
    expect(formatMoney(1234.5, pickRegion('127.0.0.1', undefined))).toBe('₹1,234.50');
    expect(currentRegion().id).toBe('in-demo');
  });

  it('a regional host picks its region and currency format', () => {
    const uk = pickRegion('uk.controldesk.app:4310', undefined);
    expect(uk).toMatchObject({ id: 'uk-live', currency: 'GBP', environment: 'live' });
    expect(formatMoney(1234.5, uk)).toBe('£1,234.50');
    expect(pickRegion('demo-nz.controldesk.app', undefined)).toMatchObject({ id: 'nz-demo', theme: 'orange' });
  });

  it('the configured mapping wins, whatever the case of the host', () => {
    const mapping = JSON.stringify({ 'Desk.Example.com': 'de-preprod' });
    expect(pickRegion('desk.example.com', mapping).id).toBe('de-preprod');
    expect(formatMoney(1234.5, pickRegion('desk.example.com', mapping))).toBe('€ 1.234,50');
  });

  it('says how a host found its region: the mapping, the host, or neither (the default)', () => {
    const mapping = JSON.stringify({ 'desk.example.com': 'uk-live' });
    expect(matchRegion('desk.example.com', mapping)).toMatchObject({ by: 'mapping', region: { id: 'uk-live' } });
    expect(matchRegion('uk.controldesk.app', undefined)).toMatchObject({ by: 'host', region: { id: 'uk-live' } });
    expect(matchRegion('127.0.0.1:4310', undefined)).toMatchObject({ by: 'default', region: { name: 'India' } });
  });

  it('a malformed mapping is ignored', () => {
    expect(parseRegionHosts('not json')).toEqual({});
    expect(parseRegionHosts('["uk-live"]')).toEqual({});
    expect(parseRegionHosts('{"a.example":"uk-live","b.example":3}')).toEqual({ 'a.example': 'uk-live' });
    expect(pickRegion('a.example', '{oops').id).toBe('in-demo');
  });
});
