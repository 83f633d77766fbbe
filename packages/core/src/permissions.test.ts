import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES, NAV_GROUPS, groupForPath } from './navigation.js';
import {
  ADMIN_ONLY_PAGES,
  canAccessPage,
  grantedPages,
  isReadOnly,
  PAGE_PERMISSION_KEYS,
  submenuPageLabel,
  type PermissionSubject,
} from './permissions.js';

const user = (over: Partial<PermissionSubject> = {}): PermissionSubject => ({
  admin: false,
  pagepermissionaccess: [],
  permissions: [],
  ...over,
});

describe('grant rules', () => {
  it('gives admins the user-management pages without listing them', () => {
    const pages = grantedPages(user({ admin: true }));
    for (const p of ['vendor', 'siteProfile', 'permissionProfile', 'ad-user-management'])
      expect(pages.has(p)).toBe(true);
    expect(grantedPages(user()).has('vendor')).toBe(false);
  });

  it('lets admins reach every page, others only what they hold', () => {
    expect(canAccessPage(user({ admin: true }), 'dayend')).toBe(true);
    expect(canAccessPage(user({ pagepermissionaccess: ['editMenu'] }), 'editMenu')).toBe(true);
    expect(canAccessPage(user({ pagepermissionaccess: ['editMenu'] }), 'dayend')).toBe(false);
  });

  it('keeps the API keys page for administrators, even when a profile lists it', () => {
    expect(canAccessPage(user({ admin: true }), 'apiKeys')).toBe(true);
    expect(canAccessPage(user({ pagepermissionaccess: ['apiKeys'] }), 'apiKeys')).toBe(false);
  });

  it('maps legacy names to the new ones', () => {
    expect(canAccessPage(user({ pagepermissionaccess: ['edit_menu', 'bulk_operation'] }), 'editMenu')).toBe(true);
    expect(canAccessPage(user({ pagepermissionaccess: ['bulk_operation'] }), 'bulkops')).toBe(true);
  });

  it('grants submenu management for category_Only or submenu_Only, and submenu-v2 with it', () => {
    expect(grantedPages(user({ permissions: ['category_Only'] })).has('subMenuManagement')).toBe(true);
    expect(grantedPages(user({ permissions: ['submenu_Only'] })).has('subMenu-v2')).toBe(true);
    expect(grantedPages(user({ pagepermissionaccess: ['subMenuManagement'] })).has('subMenu-v2')).toBe(true);
    expect(grantedPages(user({ pagepermissionaccess: ['editMenu'] })).has('subMenu-v2')).toBe(false);
  });

  it('grants the standard sales reports page for any sales-report permission', () => {
    expect(grantedPages(user({ pagepermissionaccess: ['sales_reports'] })).has('standardSalesReports')).toBe(true);
    expect(grantedPages(user({ pagepermissionaccess: ['reports'] })).has('standardSalesReports')).toBe(false);
  });

  it('labels the submenu page by the limited permissions held', () => {
    expect(submenuPageLabel(user({ permissions: ['category_Only'] }))).toBe('categoryOnly');
    expect(submenuPageLabel(user({ permissions: ['submenu_Only'] }))).toBe('submenuOnly');
    expect(submenuPageLabel(user({ permissions: ['submenu_Only', 'category_Only'] }))).toBe('categoryAndSubmenu');
    expect(submenuPageLabel(user())).toBe('categoryAndSubmenu');
  });

  it('reads read-only pages, legacy names included', () => {
    expect(isReadOnly({ ...user(), read_only_access: ['edit_menu'] }, 'editMenu')).toBe(true);
    expect(isReadOnly({ ...user(), read_only_access: [] }, 'editMenu')).toBe(false);
  });
});

describe('navigation table', () => {
  it('uses only known page permission keys', () => {
    const known = new Set<string>([...PAGE_PERMISSION_KEYS, ...ADMIN_ONLY_PAGES]);
    for (const e of NAV_ENTRIES) expect(known.has(e.permission), `${e.path} → ${e.permission}`).toBe(true);
  });
  it('has each path once', () => {
    const paths = NAV_ENTRIES.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('has the eight groups of the spec in order', () => {
    expect(NAV_GROUPS.map((g) => g.label)).toEqual([
      'User Management',
      'Site handlers',
      'Menu Management',
      'Content Management',
      'Feedback and reports',
      'Day end and SAP',
      'Marketing',
      'Vehicle tracking, misc',
    ]);
  });
  it('opens the group of the current path, Site handlers by default', () => {
    expect(groupForPath('/menu')).toBe('menuManagement');
    expect(groupForPath('/counterTemplate')).toBe('siteHandlers');
    expect(groupForPath('/vendor')).toBe('userManagement');
    expect(groupForPath('/')).toBe('siteHandlers');
  });
});
