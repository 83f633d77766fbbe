import {
  foodItemFieldsSchema,
  type CategoryView,
  type FoodItem,
  type FoodItemSummary,
  type MenuResponse,
  type SubmenuSummary,
} from '@cd/core';

const audit = { version: 3, updated_at: '2026-03-01T10:30:00.000Z', updated_by: 'demo.admin' };
const RESTAURANT = 'fc-blr-atrium:spice_route';

export const aSummary = (overrides: Partial<FoodItemSummary> = {}): FoodItemSummary => ({
  foodid: 'spice_route_paneer_tikka',
  foodname: 'Paneer Tikka',
  short_name: '',
  price: 220,
  listofcategories: ['Starters'],
  vegflag: 'V',
  hide_item: false,
  unavailable: false,
  imageurl: '',
  extras: { enable_as_submenu: false, enable_as_mealdeal: false, enable_as_mainitem: true },
  submenu: [],
  version: 1,
  ...overrides,
});

export const aFoodItem = (overrides: Partial<FoodItem> = {}): FoodItem => ({
  ...foodItemFieldsSchema.parse({ foodname: 'Paneer Tikka', price: 220, listofcategories: ['Starters'] }),
  foodid: 'spice_route_paneer_tikka',
  restaurant: RESTAURANT,
  ...audit,
  ...overrides,
});

export const aCategory = (name: string, id = 1): CategoryView => ({
  id,
  restaurant: RESTAURANT,
  name,
  sequence: id,
  item_count: 1,
  ...audit,
});

export const aSubmenu = (overrides: Partial<SubmenuSummary> = {}): SubmenuSummary => ({
  submenuid: 'sm_spice',
  title: 'Spice level',
  option_count: 3,
  connected_count: 2,
  all_linked: false,
  ...audit,
  ...overrides,
});

export const aMenu = (overrides: Partial<MenuResponse> = {}): MenuResponse => ({
  result: 'success',
  restaurant: { restaurant: RESTAURANT, name: 'Spice Route', client: 'acme', currency: 'INR', pricebook_path: 'none' },
  fooditems: [aSummary()],
  categories: [aCategory('Starters', 1), aCategory('Mains', 2), aCategory('Drinks', 3)],
  submenus: [aSubmenu()],
  ...overrides,
});

/** A vendor/details answer with these rights and the Spice Route restaurant. */
export function profileWith(extras: { admin?: boolean; permissions?: string[] } = {}) {
  return {
    userid: 'demo.user',
    name: 'Demo User',
    client_list: [],
    loc2fc2rest_details_map: {
      'loc-bengaluru': {
        location: 'loc-bengaluru',
        name: 'Bengaluru',
        foodcourts: {
          'fc-blr-atrium': {
            foodcourt: 'fc-blr-atrium',
            name: 'Atrium',
            restaurants: [{ restaurant: RESTAURANT, name: 'Spice Route' }],
          },
        },
      },
    },
    vendorextras: { admin: false, pagepermissionaccess: ['editMenu'], permissions: [], ...extras },
  };
}
