import type { FoodcourtView, LocationView, RestaurantSummary, UserView, VendorProfile } from '@cd/core';

/** An organisation tree of two locations, three food courts and four restaurants. */
export const SITE_TREE: VendorProfile['loc2fc2rest_details_map'] = {
  'loc-bengaluru': {
    location: 'loc-bengaluru',
    name: 'Bengaluru Tech Park',
    foodcourts: {
      'fc-blr-atrium': {
        foodcourt: 'fc-blr-atrium',
        name: 'Atrium Food Court',
        restaurants: [
          { restaurant: 'fc-blr-atrium:spice-route', name: 'Spice Route' },
          { restaurant: 'fc-blr-atrium:dosa-corner', name: 'Dosa Corner' },
        ],
      },
      'fc-blr-tower-b': {
        foodcourt: 'fc-blr-tower-b',
        name: 'Tower B Canteen',
        restaurants: [{ restaurant: 'fc-blr-tower-b:daily-thali', name: 'Daily Thali' }],
      },
    },
  },
  'loc-london': {
    location: 'loc-london',
    name: 'London Riverside Campus',
    foodcourts: {
      'fc-ldn-river': {
        foodcourt: 'fc-ldn-river',
        name: 'Riverside Kitchen',
        restaurants: [{ restaurant: 'fc-ldn-river:noodle-house', name: 'Noodle House' }],
      },
    },
  },
};

/** The profile answer of vendor/details for an editor. */
export function editorProfile(
  overrides: Partial<VendorProfile['vendorextras']> & { userid?: string } = {},
): Omit<VendorProfile, 'result'> {
  const { userid = 'demo.admin', ...extras } = overrides;
  return {
    userid,
    name: 'Demo Administrator',
    client_list: Object.keys(SITE_TREE),
    loc2fc2rest_details_map: SITE_TREE,
    permittedClients: [],
    vendorextras: {
      permissions: [],
      pagepermissionaccess: [],
      admin: true,
      controldesk_feedback: [],
      imdaccess: false,
      login_types: ['password'],
      only_sso_login: false,
      status: 'active',
      read_only_access: [],
      ...extras,
    },
  };
}

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    userid: 'e2e.cashier',
    name: 'Cashier One',
    phone: null,
    email: null,
    login_types: ['password'],
    only_sso_login: false,
    mfa_enabled: false,
    admin: false,
    status: 'active',
    pagepermissionaccess: ['location'],
    permissions: ['add_location'],
    read_only_access: [],
    sites: { locations: [], foodcourts: [], restaurants: ['fc-blr-atrium:spice-route'] },
    has_password: true,
    version: 3,
    updated_at: '2026-03-05T09:07:00.000Z',
    updated_by: 'demo.admin',
    ...overrides,
  };
}

/** A vendor/details answer with these rights. */
export function profileWith(extras: { admin?: boolean; permissions?: string[] } = {}) {
  return {
    userid: 'demo.user',
    name: 'Demo User',
    client_list: [],
    loc2fc2rest_details_map: {},
    vendorextras: {
      admin: false,
      pagepermissionaccess: ['location', 'foodcourt', 'restaurant'],
      permissions: [],
      ...extras,
    },
  };
}

const audit = { version: 1, updated_at: '2026-03-01T10:30:00.000Z', updated_by: 'demo.admin' };

export const aLocation = (overrides: Partial<LocationView> = {}): LocationView => ({
  location: 'loc-bengaluru',
  name: 'Bengaluru Tech Park',
  foodcourt_count: 2,
  restaurant_count: 7,
  ...audit,
  ...overrides,
});

export const aFoodcourt = (overrides: Partial<FoodcourtView> = {}): FoodcourtView => ({
  foodcourt: 'fc-blr-atrium',
  name: 'Atrium Food Court',
  location: 'loc-bengaluru',
  location_name: 'Bengaluru Tech Park',
  restaurant_count: 4,
  ...audit,
  ...overrides,
});

export const aRestaurant = (overrides: Partial<RestaurantSummary> = {}): RestaurantSummary => ({
  restaurant: 'fc-blr-atrium:dosa-corner',
  restid: 'dosa-corner',
  name: 'Dosa Corner',
  foodcourt: 'fc-blr-atrium',
  foodcourt_name: 'Atrium Food Court',
  location: 'loc-bengaluru',
  client: 'acme',
  status: 'active',
  type: 'cnc_regular',
  hasdinein: true,
  hasdelivery: false,
  hide_restaurant: false,
  thumbnail: 'logos/comingsoon.jpg',
  ...audit,
  ...overrides,
});
