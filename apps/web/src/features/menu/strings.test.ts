import { describe, expect, it } from 'vitest';
import { MENU_ITEM_MESSAGES } from '@cd/core';
import { i18n } from '../../lib/i18n';

describe('menu-item rule messages', () => {
  it('has a text for every key core’s item rules can answer', () => {
    const missing = Object.keys(MENU_ITEM_MESSAGES).filter((key) => !i18n.exists(key));
    expect(missing).toEqual([]);
  });
});
