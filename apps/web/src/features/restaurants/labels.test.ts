import { describe, expect, it } from 'vitest';
import { newRestaurantDefaults } from '@cd/core';
import { i18n } from '../../lib/i18n';
import { fieldLabelKey } from './components/use-field-label';
import { RESTAURANT_SECTIONS } from './sections';

describe('restaurant form labels (locales/en/restaurant.json)', () => {
  it('has a label for every field of spec 001 §3.1 and every option key of §3.2', () => {
    const defaults = newRestaurantDefaults();
    const fields = Object.keys(defaults).filter((k) => k !== 'options');
    const options = Object.keys(defaults.options)
      .filter((k) => k !== 'hidden_service_flags' && k !== 'parcel_charges')
      .map((k) => `options.${k}`);
    const missing = [...fields, ...options, 'options.parcel_charges.enabled', 'options.parcel_charges.modes'].filter(
      (name) => !i18n.exists(fieldLabelKey(name)),
    );
    expect(missing).toEqual([]);
  });

  it('names every section in the spec’s order', () => {
    expect(RESTAURANT_SECTIONS.map((id) => i18n.t(`restaurant.sections.${id}`))).toEqual([
      'Basic details',
      'Menu & images',
      'Flows',
      'Delivery',
      'Feature switches',
      'Item count display',
      'Ordering and terminal',
      'Pricing and fees',
      'Tax settings',
      'Restaurant availability',
      'Serving settings',
      'Extra settings',
      'JSON settings',
    ]);
  });
});
