import { describe, expect, it } from 'vitest';
import {
  counterSettingsSchema,
  isAcceptablePin,
  isOnline,
  licenceActionsFrom,
  nextLicenceStatus,
  setCounterHidden,
  settingsDiff,
  type LicenceAction,
  type LicenceStatus,
} from './counter-rules.js';

describe('device licences', () => {
  it('move Created → Pending → Enabled ⇄ Disabled, and back to Created by revoking', () => {
    expect(nextLicenceStatus(0, 'license_activate')).toBe(1);
    expect(nextLicenceStatus(1, 'pair')).toBe(2);
    expect(nextLicenceStatus(2, 'license_deactivate')).toBe(3);
    expect(nextLicenceStatus(3, 'license_activate')).toBe(2);
    expect(nextLicenceStatus(1, 'license_deactivate')).toBe(0);
    for (const from of [1, 2, 3] as LicenceStatus[]) expect(nextLicenceStatus(from, 'revoke')).toBe(0);
  });

  it('refuses every other move', () => {
    const allowed = new Set([
      '0:license_activate',
      '1:pair',
      '1:license_deactivate',
      '1:revoke',
      '2:license_deactivate',
      '2:revoke',
      '3:license_activate',
      '3:revoke',
    ]);
    for (const from of [0, 1, 2, 3] as LicenceStatus[]) {
      for (const action of ['license_activate', 'license_deactivate', 'pair', 'revoke'] as LicenceAction[]) {
        expect(nextLicenceStatus(from, action) !== null, `${from} ${action}`).toBe(allowed.has(`${from}:${action}`));
      }
    }
    expect(licenceActionsFrom(0)).toEqual(['license_activate']);
    expect(licenceActionsFrom(2)).toEqual(['license_deactivate', 'revoke']);
  });

  it('counts a device online for 30 s after its last heartbeat', () => {
    const now = Date.parse('2026-11-26T10:00:30Z');
    expect(isOnline('2026-11-26T10:00:00Z', now)).toBe(true);
    expect(isOnline('2026-11-26T09:59:59Z', now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
  });
});

describe('counters', () => {
  it('hiding saves and clears the service flags; unhiding restores them', () => {
    const shown = {
      hidden: false,
      flags: { dine_in: true, takeaway: false, delivery: true, preorder: true },
      saved_flags: null,
    };
    const hidden = setCounterHidden(shown, true);
    expect(hidden).toEqual({
      hidden: true,
      flags: { dine_in: false, takeaway: false, delivery: false, preorder: false },
      saved_flags: shown.flags,
    });
    expect(setCounterHidden(hidden, true)).toBe(hidden);
    expect(setCounterHidden(hidden, false)).toEqual(shown);
  });

  it('names the settings on which a counter differs from its template, ignoring order in lists', () => {
    const t = counterSettingsSchema.parse({ mode: 'true', channels: ['app', 'kiosk'] });
    expect(settingsDiff(t, counterSettingsSchema.parse({ mode: 'true', channels: ['kiosk', 'app'] }))).toEqual([]);
    expect(settingsDiff(t, counterSettingsSchema.parse({ mode: 'false', cloud_card: 'ecash_linked_sites' }))).toEqual([
      'mode',
      'cloud_card',
    ]);
  });

  it('refuses custom inputs without options, and text inputs with them', () => {
    const bad = counterSettingsSchema.safeParse({ custom_inputs: [{ label: 'Table', type: 'dropdown' }] });
    expect(bad.success).toBe(false);
    expect(
      counterSettingsSchema.safeParse({ custom_inputs: [{ label: 'Note', type: 'text', options: ['x'] }] }).success,
    ).toBe(false);
    expect(counterSettingsSchema.safeParse({ custom_inputs: [{ label: 'Note', type: 'text' }] }).success).toBe(true);
  });

  it('takes PINs of 4 to 6 digits that are not trivial', () => {
    expect(['4821', '907316'].map(isAcceptablePin)).toEqual([true, true]);
    expect(['123', '1234567', '1111', '1234', '9876', 'abcd'].map(isAcceptablePin)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
