/**
 * The side navigation of spec 000 §2.3: every group, entry, label and permission key. Pages are reached only
 * by these exact paths and only with the permission (or as admin).
 */

export type NavEntry = {
  path: string;
  /** i18n key under `nav.` */
  label: string;
  permission: string;
  /** Opens another site (external analytics, vehicle tracking) instead of a page of ours. */
  external?: boolean;
  /** Shown only on these regional deployments (country codes). */
  countries?: string[];
  /** Nested entries (the counter entry). */
  children?: NavEntry[];
  /** Another entry that opens the same page (the two bulk-operation entries). */
  samePageAs?: string;
};

export type NavGroup = { id: string; label: string; entries: NavEntry[] };

export const NAV_GROUPS: NavGroup[] = [
  {
    id: 'userManagement',
    label: 'User Management',
    entries: [
      { path: '/siteprofile', label: 'siteProfile', permission: 'siteProfile' },
      { path: '/permission-profile', label: 'permissionProfile', permission: 'permissionProfile' },
      { path: '/vendor', label: 'vendor', permission: 'vendor' },
      { path: '/ad-user-management', label: 'adUserManagement', permission: 'ad-user-management' },
      // Issue 36: not in the spec's navigation; administrators only (core's ADMIN_ONLY_PAGES).
      { path: '/api-keys', label: 'apiKeys', permission: 'apiKeys' },
    ],
  },
  {
    id: 'siteHandlers',
    label: 'Site handlers',
    entries: [
      { path: '/location', label: 'location', permission: 'location' },
      { path: '/foodcourt', label: 'foodcourt', permission: 'foodcourt' },
      { path: '/restaurant', label: 'restaurant', permission: 'restaurant' },
      { path: '/cashier', label: 'cashier', permission: 'cashier-management' },
      {
        path: '/counter',
        label: 'counter',
        permission: 'counterManagement',
        children: [
          { path: '/counterTemplate', label: 'counterTemplate', permission: 'counterTemplate' },
          { path: '/counterManagement', label: 'counterManagement', permission: 'counterManagement' },
        ],
      },
      { path: '/push-setting', label: 'pushSetting', permission: 'push-setting' },
      { path: '/refunds', label: 'refunds', permission: 'refunds' },
      { path: '/qrGeneration', label: 'qrGeneration', permission: 'qrGeneration' },
      { path: '/bulk_operations', label: 'bulkOperations', permission: 'bulk_operations', samePageAs: 'bulkops' },
    ],
  },
  {
    id: 'menuManagement',
    label: 'Menu Management',
    entries: [
      { path: '/submenu_management', label: 'submenuManagement', permission: 'subMenuManagement' },
      { path: '/submenu_management-v2', label: 'submenuManagementV2', permission: 'subMenu-v2' },
      { path: '/classifications', label: 'classifications', permission: 'classifications' },
      { path: '/menu', label: 'editMenu', permission: 'editMenu' },
      // Issue 36: not in the spec's navigation; scheduled changes of the menu, on the menu's own permission.
      { path: '/menu-changes', label: 'menuChanges', permission: 'editMenu' },
      { path: '/bulkops', label: 'bulkops', permission: 'bulkops', samePageAs: 'bulkOperations' },
      { path: '/production_planning_menuMgmt', label: 'productionPlanningMenu', permission: 'productionPlanning' },
      { path: '/clone', label: 'clone', permission: 'clone' },
      { path: '/allergens', label: 'allergens', permission: 'allergens' },
      {
        path: '/inventoryManagement',
        label: 'inventoryManagement',
        permission: 'inventoryManagement',
        countries: ['in', 'uk', 'ie'],
      },
      { path: '/pricebook', label: 'pricebook', permission: 'pricebook' },
      { path: '/pos-vsd', label: 'posVsd', permission: 'pos-vsd', countries: ['in'] },
    ],
  },
  {
    id: 'contentManagement',
    label: 'Content Management',
    entries: [
      { path: '/htmlmanager', label: 'htmlmanager', permission: 'htmlmanager' },
      { path: '/buzzfeed', label: 'buzzfeed', permission: 'buzzfeed' },
      { path: '/notifications', label: 'notifications', permission: 'notifications' },
      { path: '/foodpic_dashboard', label: 'foodpicDashboard', permission: 'foodpic_dashboard' },
      { path: '/general_pdf_documents', label: 'generalPdfDocuments', permission: 'general_pdf_documents' },
      { path: '/bannerPrograms', label: 'bannerPrograms', permission: 'bannerPrograms' },
    ],
  },
  {
    id: 'feedbackReports',
    label: 'Feedback and reports',
    entries: [
      { path: '/feedback', label: 'feedback', permission: 'feedback' },
      { path: '/orderhistory', label: 'orderhistory', permission: 'preorderhistory' },
      { path: '/reports', label: 'reports', permission: 'reports' },
      { path: '/standard-item-wise-report', label: 'standardItemWiseReport', permission: 'standard_reports' },
      { path: '/power_bi_reports', label: 'powerBiReports', permission: 'power_bi_reports' },
      { path: '/production_planning', label: 'productionPlanning', permission: 'production_planning' },
      { path: '/general_reports', label: 'generalReports', permission: 'generalReports' },
      { path: '/standardSalesReports', label: 'standardSalesReports', permission: 'standardSalesReports' },
      { path: '/invoice', label: 'invoice', permission: 'invoice' },
      { path: '/vendor-performance', label: 'vendorPerformance', permission: 'vendorPerformance', external: true },
      {
        path: '/auto-settlement',
        label: 'autoSettlementVendorPayments',
        permission: 'autoSettlementVendorPayments',
        external: true,
      },
      { path: '/vdashboard/index.html#/', label: 'salesReports', permission: 'sales_reports', external: true },
    ],
  },
  {
    id: 'dayEndSap',
    label: 'Day end and SAP',
    entries: [
      { path: '/dayend', label: 'dayend', permission: 'dayend' },
      { path: '/sapupload', label: 'sapupload', permission: 'sapupload' },
      { path: '/sap-inflow', label: 'sapInflow', permission: 'sapInflow' },
    ],
  },
  {
    id: 'marketing',
    label: 'Marketing',
    entries: [
      { path: '/groups', label: 'groups', permission: 'groups' },
      { path: '/promotions', label: 'promotions', permission: 'promotions' },
      { path: '/loyalty_points', label: 'loyaltyPoints', permission: 'loyalty_points' },
      { path: '/loyalty-stamps', label: 'loyaltyStamps', permission: 'loyalty_stamps' },
      { path: '/subscription', label: 'subscription', permission: 'subscription' },
      { path: '/campaign', label: 'campaign', permission: 'campaign' },
      { path: '/discounts', label: 'discounts', permission: 'offers-discount' },
      { path: '/loyalty-rewards', label: 'loyaltyRewards', permission: 'loyalty-rewards' },
      { path: '/upselling', label: 'upselling', permission: 'upselling-items' },
    ],
  },
  {
    id: 'misc',
    label: 'Vehicle tracking, misc',
    entries: [{ path: '/vehicle-tracking', label: 'vehicleTracking', permission: 'vehicle_tracking', external: true }],
  },
];

/** Every page entry (children flattened), in navigation order. */
export const NAV_ENTRIES: NavEntry[] = NAV_GROUPS.flatMap((g) =>
  g.entries.flatMap((e) => (e.children ? e.children : [e])),
);

/** The group that holds a path; Site handlers by default (spec 000 §2.2). */
export function groupForPath(pathname: string): string {
  const group = NAV_GROUPS.find((g) =>
    g.entries.some((e) => e.path === pathname || e.children?.some((c) => c.path === pathname)),
  );
  return group?.id ?? 'siteHandlers';
}
