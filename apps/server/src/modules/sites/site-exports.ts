import type { z } from 'zod';
import {
  foodcourtExportQuery,
  locationExportQuery,
  restaurantExportQuery,
  type FoodcourtView,
  type LocationView,
  type RestaurantSummary,
} from '@cd/core';
import type { ExportColumn, ListExport } from '../list-export/index.js';
import { OrgService } from './org.service.js';
import { RestaurantService } from './restaurant.service.js';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const changed = <R extends { updated_by: string | null; updated_at: string }>(): ExportColumn<R>[] => [
  { header: 'Last changed by', value: (r) => r.updated_by ?? '', width: 24 },
  { header: 'Last changed at (UTC)', value: (r) => r.updated_at, date: true, width: 20 },
];

/** Organisations: what the list shows. */
export const locationExport: ListExport<z.output<typeof locationExportQuery>, LocationView> = {
  resource: 'organizations',
  label: 'Organizations',
  path: '/vendor/location',
  pages: 'location',
  query: locationExportQuery,
  operationId: 'exportLocations',
  tag: 'sites',
  columns: [
    { header: 'Organization id', value: (r) => r.location, width: 24 },
    { header: 'Name', value: (r) => r.name, width: 32 },
    { header: 'Food courts', value: (r) => r.foodcourt_count, width: 12 },
    { header: 'Restaurants', value: (r) => r.restaurant_count, width: 12 },
    ...changed<LocationView>(),
  ],
  fetch: (db, user, query, range) => new OrgService(db).listLocations(query, user, range),
};

export const foodcourtExport: ListExport<z.output<typeof foodcourtExportQuery>, FoodcourtView> = {
  resource: 'foodcourts',
  label: 'Food courts',
  path: '/vendor/foodcourt',
  pages: 'foodcourt',
  query: foodcourtExportQuery,
  operationId: 'exportFoodcourts',
  tag: 'sites',
  columns: [
    { header: 'Food court id', value: (r) => r.foodcourt, width: 24 },
    { header: 'Name', value: (r) => r.name, width: 32 },
    { header: 'Organization id', value: (r) => r.location, width: 24 },
    { header: 'Organization', value: (r) => r.location_name, width: 32 },
    { header: 'Restaurants', value: (r) => r.restaurant_count, width: 12 },
    ...changed<FoodcourtView>(),
  ],
  fetch: (db, user, query, range) => new OrgService(db).listFoodcourts(query, user, range),
};

export const restaurantExport: ListExport<z.output<typeof restaurantExportQuery>, RestaurantSummary> = {
  resource: 'restaurants',
  label: 'Restaurants',
  path: '/vendor/restaurant',
  pages: 'restaurant',
  query: restaurantExportQuery,
  operationId: 'exportRestaurants',
  tag: 'sites',
  columns: [
    { header: 'Restaurant id', value: (r) => r.restaurant, width: 36 },
    { header: 'Name', value: (r) => r.name, width: 32 },
    { header: 'Food court id', value: (r) => r.foodcourt, width: 24 },
    { header: 'Food court', value: (r) => r.foodcourt_name, width: 28 },
    { header: 'Organization id', value: (r) => r.location, width: 24 },
    { header: 'Client', value: (r) => r.client, width: 16 },
    { header: 'Status', value: (r) => r.status, width: 12 },
    { header: 'Type', value: (r) => r.type, width: 16 },
    { header: 'Dine-in', value: (r) => yesNo(r.hasdinein), width: 10 },
    { header: 'Delivery', value: (r) => yesNo(r.hasdelivery), width: 10 },
    { header: 'Hidden', value: (r) => yesNo(r.hide_restaurant), width: 10 },
    ...changed<RestaurantSummary>(),
  ],
  fetch: (db, user, query, range) => new RestaurantService(db).list(query, user, range),
};
