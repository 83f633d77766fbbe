import { describe, expect, it } from 'vitest';
import { SUBMENU_MESSAGES } from '@cd/core';
import { i18n } from '../../lib/i18n';

describe('submenu strings', () => {
  it('has a text for every rule key of core', () => {
    const missing = Object.keys(SUBMENU_MESSAGES).filter((key) => !i18n.exists(key));
    expect(missing).toEqual([]);
  });

  it('spells "itself" in the connect-self message (spec ruling)', () => {
    expect(i18n.t('submenu.connectSelf')).toBe('Cannot connect a submenu with a specific option to itself');
  });
});
