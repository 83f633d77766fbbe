import type { CategoryView, SubmenuSummary } from '@cd/core';

export const SPICE_ROUTE = 'fc-blr-atrium:spice_route';

export const RESTAURANTS = [
  { restaurant: SPICE_ROUTE, name: 'Spice Route', foodcourt: 'fc-blr-atrium', location: 'loc-bengaluru' },
  { restaurant: 'fc-ldn-river:noodle_house', name: 'Noodle House', foodcourt: 'fc-ldn-river', location: 'loc-london' },
];

export function aCategory(over: Partial<CategoryView>): CategoryView {
  return {
    id: 1,
    restaurant: SPICE_ROUTE,
    name: 'Starters',
    sequence: 0,
    item_count: 1,
    version: 1,
    updated_at: '2026-01-01T00:00:00.000Z',
    updated_by: 'demo.admin',
    ...over,
  };
}

export function aSubmenu(over: Partial<SubmenuSummary>): SubmenuSummary {
  return {
    submenuid: 'sm_spice',
    title: 'Spice level',
    option_count: 3,
    connected_count: 2,
    all_linked: false,
    version: 1,
    updated_at: '2026-01-01T00:00:00.000Z',
    updated_by: 'demo.admin',
    ...over,
  };
}

/** A vendor/details answer with these rights. */
export function profileWith(extras: { admin?: boolean; pagepermissionaccess?: string[]; permissions?: string[] }) {
  return {
    userid: 'demo.menu',
    name: 'Menu Manager',
    client_list: [],
    loc2fc2rest_details_map: Object.fromEntries(
      RESTAURANTS.map((r) => [
        r.location,
        {
          location: r.location,
          name: r.location,
          foodcourts: { [r.foodcourt]: { foodcourt: r.foodcourt, name: r.foodcourt, restaurants: [r] } },
        },
      ]),
    ),
    vendorextras: { admin: false, pagepermissionaccess: [], permissions: [], read_only_access: [], ...extras },
  };
}
