/**
 * Build-time settings of the signed-in shell (Vite env variables). Each is optional: what is not configured
 * is not shown.
 */

function setting(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The help link in the top bar (spec 000 §2.2 "a help link when available"). */
export const HELP_URL = setting(import.meta.env.VITE_HELP_URL);

/** Base address of Control Desk v2; the embedded submenu-management page adds its own path. */
export const CONTROL_DESK_V2_BASE = setting(import.meta.env.VITE_CONTROL_DESK_V2_BASE)?.replace(/\/+$/, '');

/** JSON object host → region id (e.g. {"desk.example.com":"uk-live"}); optional. */
export const REGION_HOSTS_JSON = setting(import.meta.env.VITE_REGION_HOSTS);

/**
 * The navigation entries that open another site, by their core label (spec 000 §2.3: vendor performance and
 * auto-settlement on the external analytics site, the sales-report dashboard, the vehicle-tracking login).
 */
export const EXTERNAL_URLS: Record<string, string | undefined> = {
  vendorPerformance: setting(import.meta.env.VITE_EXTERNAL_VENDOR_PERFORMANCE),
  autoSettlementVendorPayments: setting(import.meta.env.VITE_EXTERNAL_AUTO_SETTLEMENT),
  salesReports: setting(import.meta.env.VITE_EXTERNAL_SALES_REPORTS),
  vehicleTracking: setting(import.meta.env.VITE_EXTERNAL_VEHICLE_TRACKING),
};
