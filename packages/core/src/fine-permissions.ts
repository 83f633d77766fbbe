/**
 * Fine-grained per-page permissions (spec 000 §6). Each belongs to a page and has a default: when a page is
 * given to a user, the permissions whose default is true are pre-selected. The spec lists examples and says
 * the full list is not shown; these are the ones the product uses.
 */
export type FinePermission = { key: string; page: string; default: boolean };

export const FINE_PERMISSIONS: FinePermission[] = [
  { key: 'add_location', page: 'location', default: true },
  { key: 'add_foodcourt', page: 'foodcourt', default: true },
  { key: 'add_restaurant', page: 'restaurant', default: true },
  { key: 'pos_restaurant_full_access', page: 'restaurant', default: false },
  { key: 'unav_days', page: 'restaurant', default: true },
  { key: 'offline_dates', page: 'restaurant', default: true },
  // Spec 001 §6: the restaurant fields that carry a permission label (restaurant/field-permissions.ts).
  { key: 'fssai_no', page: 'restaurant', default: true },
  { key: 'admin_mailids', page: 'restaurant', default: true },
  { key: 'thumbnail', page: 'restaurant', default: true },
  { key: 'confirmation_message_dinein', page: 'restaurant', default: true },
  { key: 'rest_na_message', page: 'restaurant', default: true },
  { key: 'rest_configured_session', page: 'restaurant', default: true },
  { key: 'submenu_Only', page: 'subMenuManagement', default: false },
  { key: 'category_Only', page: 'subMenuManagement', default: false },
  { key: 'unit_manager', page: 'editMenu', default: false },
  { key: 'daysavailable', page: 'editMenu', default: true },
  { key: 'available_dates', page: 'editMenu', default: true },
  { key: 'dietary_info', page: 'editMenu', default: true },
  { key: 'special_diet', page: 'editMenu', default: true },
  { key: 'food_texture', page: 'editMenu', default: true },
  { key: 'price', page: 'editMenu', default: true },
  { key: 'taxation', page: 'editMenu', default: true },
  { key: 'hsn_code', page: 'editMenu', default: true },
  { key: 'barcode', page: 'editMenu', default: true },
  { key: 'bulk_nutrition_upload', page: 'bulkops', default: false },
  { key: 'erase_menu', page: 'bulkops', default: false },
  { key: 'hide_counter', page: 'counterManagement', default: false },
  { key: 'buzzfeed_polls', page: 'buzzfeed', default: false },
  { key: 'banner_editProgramAccess', page: 'bannerPrograms', default: false },
  { key: 'cx_feedback', page: 'feedback', default: false },
  { key: 'tax_log_report', page: 'reports', default: false },
  // Issue 15: reopening a closed business day is its own permission (and audited).
  { key: 'dayend_reopen', page: 'dayend', default: false },
  // Issue 18: adjusting a member's points by hand is its own permission (and audited, with a reason).
  { key: 'loyalty_adjust', page: 'loyalty_points', default: false },
];

export const FINE_PERMISSION_KEYS = FINE_PERMISSIONS.map((p) => p.key);

/** The default fine permissions of a page. */
export function defaultFinePermissions(page: string): string[] {
  return FINE_PERMISSIONS.filter((p) => p.page === page && p.default).map((p) => p.key);
}
