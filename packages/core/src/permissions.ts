/**
 * Page permission keys of spec 000 §6. The grant rules (admin, legacy names, derived pages) are issue 3;
 * the keys live here so the seed and the profile speak the same names from the start.
 */
export const PAGE_PERMISSION_KEYS = [
  'ad-user-management', 'siteProfile', 'permissionProfile', 'foodcourt', 'feedback', 'restaurant',
  'notifications', 'vendor', 'subMenuManagement', 'classifications', 'subMenu-v2', 'counterManagement',
  'counterTemplate', 'dayend', 'sapupload', 'sapInflow', 'location', 'buzzfeed', 'htmlmanager', 'clone',
  'preorderhistory', 'productionPlanning', 'reports', 'editMenu', 'slotSettings', 'allergens', 'refunds',
  'cashier-management', 'bulkops', 'sales_reports', 'upselling-items', 'offers-discount', 'loyalty-rewards',
  'generalReports', 'qrGeneration', 'pricebook', 'autoSettlementVendorPayments', 'vendorPerformance',
  'check_sso', 'general_pdf_documents', 'push-setting', 'inventoryManagement', 'standard_reports',
  'standardSalesReports', 'bulk_operations', 'vehicle_tracking', 'campaign', 'promotions', 'groups',
  'loyalty_points', 'loyalty_stamps', 'bannerPrograms', 'pos-vsd', 'subscription', 'production_planning',
  'invoice', 'foodpic_dashboard', 'power_bi_reports',
] as const;
export type PagePermissionKey = (typeof PAGE_PERMISSION_KEYS)[number];

/** The menu-management pages of the demo.menu user. */
export const MENU_MANAGEMENT_PAGES: PagePermissionKey[] = ['editMenu', 'subMenuManagement', 'pricebook', 'allergens'];
