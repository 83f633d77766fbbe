/**
 * Page permission keys and the grant rules of spec 000 §6, written once for the web navigation and the API.
 */
export const PAGE_PERMISSION_KEYS = [
  'ad-user-management',
  'siteProfile',
  'permissionProfile',
  'foodcourt',
  'feedback',
  'restaurant',
  'notifications',
  'vendor',
  'subMenuManagement',
  'classifications',
  'subMenu-v2',
  'counterManagement',
  'counterTemplate',
  'dayend',
  'sapupload',
  'sapInflow',
  'location',
  'buzzfeed',
  'htmlmanager',
  'clone',
  'preorderhistory',
  'productionPlanning',
  'reports',
  'editMenu',
  'slotSettings',
  'allergens',
  'refunds',
  'cashier-management',
  'bulkops',
  'sales_reports',
  'upselling-items',
  'offers-discount',
  'loyalty-rewards',
  'generalReports',
  'qrGeneration',
  'pricebook',
  'autoSettlementVendorPayments',
  'vendorPerformance',
  'check_sso',
  'general_pdf_documents',
  'push-setting',
  'inventoryManagement',
  'standard_reports',
  'standardSalesReports',
  'bulk_operations',
  'vehicle_tracking',
  'campaign',
  'promotions',
  'groups',
  'loyalty_points',
  'loyalty_stamps',
  'bannerPrograms',
  'pos-vsd',
  'subscription',
  'production_planning',
  'invoice',
  'foodpic_dashboard',
  'power_bi_reports',
  // Spec 000 §6: the list of price-book paths is fetched only with this page permission.
  '/allpath',
] as const;
export type PagePermissionKey = (typeof PAGE_PERMISSION_KEYS)[number];

/** The page permission that lets a user list the price-book paths (GET /allpath). */
export const ALLPATH_PAGE = '/allpath' satisfies PagePermissionKey;

/** The menu-management pages of the demo.menu user (the price book needs its paths). */
export const MENU_MANAGEMENT_PAGES: PagePermissionKey[] = [
  'editMenu',
  'subMenuManagement',
  'pricebook',
  'allergens',
  ALLPATH_PAGE,
];

/** Granted to every admin without being listed (spec 000 §6). */
export const ADMIN_PAGES: PagePermissionKey[] = ['vendor', 'siteProfile', 'permissionProfile', 'ad-user-management'];

/**
 * Pages for administrators only, never granted by a profile (not among PAGE_PERMISSION_KEYS, so no editor offers
 * them): the ordering apps' API keys (issue 36), whose routes refuse everyone else.
 */
export const ADMIN_ONLY_PAGES = ['apiKeys'] as const;
const isAdminOnly = (page: string) => (ADMIN_ONLY_PAGES as readonly string[]).includes(page);

/** Old names still found in stored profiles. */
export const LEGACY_PAGE_NAMES: Record<string, PagePermissionKey> = {
  edit_menu: 'editMenu',
  bulk_operation: 'bulkops',
};

/** Holding any of these grants the standard sales reports page. */
export const SALES_REPORT_PERMISSIONS = [
  'sales_reports',
  'standard_sales_reports',
  'sales_summary_report',
  'sales_detail_report',
];

/** What the grant rules read from a profile. */
export type PermissionSubject = {
  admin: boolean;
  pagepermissionaccess: readonly string[];
  /** Fine-grained permission names held (add_restaurant, category_Only, unit_manager, …). */
  permissions: readonly string[];
};

export function normalisePageKey(key: string): string {
  return LEGACY_PAGE_NAMES[key] ?? key;
}

/** The pages a user holds after the grant rules. Admins additionally reach every page (see canAccessPage). */
export function grantedPages(subject: PermissionSubject): Set<string> {
  const pages = new Set(subject.pagepermissionaccess.map(normalisePageKey));
  const fine = new Set(subject.permissions);
  if (subject.admin) for (const p of ADMIN_PAGES) pages.add(p);
  if (fine.has('category_Only') || fine.has('submenu_Only')) pages.add('subMenuManagement');
  if (pages.has('subMenuManagement')) pages.add('subMenu-v2');
  if (SALES_REPORT_PERMISSIONS.some((p) => pages.has(p) || fine.has(p))) pages.add('standardSalesReports');
  return pages;
}

/** Spec 000 §2.3: a page is reached if its permission is held or the user is admin. */
export function canAccessPage(subject: PermissionSubject, page: string): boolean {
  if (isAdminOnly(page)) return subject.admin;
  return subject.admin || grantedPages(subject).has(normalisePageKey(page));
}

/**
 * The Category & Submenu label rule: "Category Management" or "Submenu Management" when the user holds only
 * one of the two limited permissions.
 */
export function submenuPageLabel(subject: PermissionSubject): 'categoryAndSubmenu' | 'categoryOnly' | 'submenuOnly' {
  const cat = subject.permissions.includes('category_Only');
  const sub = subject.permissions.includes('submenu_Only');
  if (cat && !sub) return 'categoryOnly';
  if (sub && !cat) return 'submenuOnly';
  return 'categoryAndSubmenu';
}

/** Read-only access: the listed pages may be viewed but their writes are refused. */
export function isReadOnly(
  subject: PermissionSubject & { read_only_access: readonly string[] },
  page: string,
): boolean {
  return subject.read_only_access.map(normalisePageKey).includes(normalisePageKey(page));
}
