import { describe, expect, it } from 'vitest';
import {
  INDIAN_STATES,
  INDIAN_STATES_AND_UNION_TERRITORIES,
  INDIAN_UNION_TERRITORIES,
  isIndianState,
} from './india-states.js';
import { newRestaurantDefaults } from './restaurant/fields.js';
import { validateIndianAddress, validateRestaurant } from './restaurant/rules.js';

describe('Indian states and union territories (spec 000 §3)', () => {
  it('lists the 28 states and 8 union territories by their current names, once each', () => {
    expect(INDIAN_STATES).toHaveLength(28);
    expect(INDIAN_UNION_TERRITORIES).toHaveLength(8);
    expect(new Set(INDIAN_STATES_AND_UNION_TERRITORIES).size).toBe(36);
    for (const current of ['Odisha', 'Telangana', 'Puducherry', 'Ladakh', 'Dadra and Nagar Haveli and Daman and Diu'])
      expect(isIndianState(current), current).toBe(true);
    for (const former of ['Orissa', 'Pondicherry', 'Daman and Diu', 'Uttaranchal', 'karnataka', ''])
      expect(isIndianState(former), former).toBe(false);
  });

  it('refuses a state outside the list, and a bad PIN code, for an Indian (rupee) restaurant only', () => {
    const india = { currency: 'INR', state: 'Karnatka', pincode: '56001' };
    expect(validateIndianAddress(india).map((i) => [i.field, i.key])).toEqual([
      ['state', 'restaurant.errors.unknownIndianState'],
      ['pincode', 'restaurant.errors.invalidPincode'],
    ]);
    expect(validateIndianAddress(india)[0]!.message).toBe(
      'Choose one of the states and union territories of India: Karnatka',
    );
    expect(validateIndianAddress({ currency: 'INR', state: 'Karnataka', pincode: '560001' })).toEqual([]);
    expect(validateIndianAddress({ currency: 'INR', state: '', pincode: '' })).toEqual([]);
    expect(validateIndianAddress({ currency: 'GBP', state: 'Greater London', pincode: 'EC1A 1BB' })).toEqual([]);
    const restaurant = { ...newRestaurantDefaults(), currency: 'INR', state: 'Bombay' };
    expect(validateRestaurant(restaurant).map((i) => i.field)).toContain('state');
  });
});
