import type { ClientFlags, PermittedClient } from '../branding.js';
import type { LoginType } from './auth.js';

export type RestaurantNode = { restaurant: string; name: string };
export type FoodcourtNode = { foodcourt: string; name: string; restaurants: RestaurantNode[] };
export type LocationNode = { location: string; name: string; foodcourts: Record<string, FoodcourtNode> };

/** POST /v2/bck/vendor/details (spec 000 §3 profile response). */
export type VendorProfile = {
  result: 'success';
  userid: string;
  name: string;
  client_list: string[];
  loc2fc2rest_details_map: Record<string, LocationNode>;
  /** Spec 000 §3, §6: the clients the user works for, with the branding each gives the back-office. */
  permittedClients: PermittedClient[];
  vendorextras: {
    permissions: string[];
    pagepermissionaccess: string[];
    admin: boolean;
    controldesk_feedback: string[];
    imdaccess: boolean;
    login_types: LoginType[];
    only_sso_login: boolean;
    status: 'active' | 'inactive';
    read_only_access: string[];
  };
};

/** POST /v2/bck/pos_restaurants */
export type PosRestaurantsAnswer = {
  result: 'success';
  restaurants: { restaurant: string; name: string; foodcourt: string; location: string }[];
};

export type ClientSettings = {
  name: string;
  foodcourtfields: Record<string, unknown>;
  restaurantfields: Record<string, unknown>;
  notificationrelateddata: Record<string, unknown>;
  modulefeedbackdata: Record<string, unknown>;
  reportListJSON: {
    generalReport: Record<string, { label: string }>;
    standardSalesReport: Record<string, { label: string }>;
    standardItemWiseReport: Record<string, { label: string }>;
  };
  reportPermission: string[];
  /** Spec 001 §3.4: parts of the item editor this client uses (each on unless the client turns it off). */
  flags: ClientFlags;
};

/** POST /v2/bck/get_client_data */
export type ClientDataAnswer = {
  result: 'success';
  client_settings: Record<string, ClientSettings>;
  taxes_to_apply: { id: string; name: string; percentage: number }[];
  counter_permissions: string[];
};

/** GET /v2/bck/get_last_bq_sync_time — null when no sync has happened. */
export type LastSyncAnswer = { result: 'success'; last_bqsync_time: string | null };
