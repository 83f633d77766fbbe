import { MENU_MANAGEMENT_PAGES, NAV_ENTRIES, NAV_GROUPS, regionForHost } from '@cd/core';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { hasNoPages, navLabelKey, pageAccess, permissionSubject, visibleGroups, type VisibleEntry } from './nav-model';

const india = { country: 'in' };
const uk = { country: 'uk' };
const subject = (admin: boolean, pages: string[], permissions: string[] = []) =>
  permissionSubject({ name: 'x', vendorextras: { admin, pagepermissionaccess: pages, permissions } });
const labels = (entries: VisibleEntry[]) => entries.map((e) => i18n.t(e.labelKey));

describe('side navigation model', () => {
  it('a menu-only user sees the Menu Management group alone, with its six pages', () => {
    const groups = visibleGroups(subject(false, [...MENU_MANAGEMENT_PAGES]), india);
    expect(groups.map((g) => g.id)).toEqual(['menuManagement']);
    expect(labels(groups[0]!.entries)).toEqual([
      'Category & Submenu Management',
      'Submenu Management V2',
      'Add/Edit Menu',
      'Scheduled Menu Changes',
      'Allergens',
      'Pricebook',
    ]);
  });

  it('an admin sees every group whose sites are configured, every entry, and the counter entry with its two pages', () => {
    const groups = visibleGroups(subject(true, []), india, { vehicleTracking: 'https://track.example' });
    expect(groups).toHaveLength(8);
    expect(groups.map((g) => g.id)).toEqual(NAV_GROUPS.map((g) => g.id));
    const counter = groups[1]!.entries.find((e) => e.path === '/counter');
    expect(counter?.children?.map((c) => c.path)).toEqual(['/counterTemplate', '/counterManagement']);
  });

  it('a group shows when one of its entries is held; the counter entry when one of its pages is', () => {
    const groups = visibleGroups(subject(false, ['counterTemplate']), india);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.entries).toEqual([
      {
        path: '/counter',
        labelKey: 'nav.counter',
        children: [{ path: '/counterTemplate', labelKey: 'nav.counterTemplate' }],
      },
    ]);
  });

  it('region-only entries show only on their deployments', () => {
    const paths = (country: { country: string }) =>
      visibleGroups(subject(true, []), country)
        .flatMap((g) => g.entries)
        .map((e) => e.path);
    expect(paths(india)).toEqual(expect.arrayContaining(['/inventoryManagement', '/pos-vsd']));
    expect(paths(uk)).toContain('/inventoryManagement');
    expect(paths(uk)).not.toContain('/pos-vsd');
    expect(paths(regionForHost('nz.controldesk.app'))).not.toContain('/inventoryManagement');
    expect(
      pageAccess(
        NAV_ENTRIES.find((e) => e.path === '/pos-vsd')!,
        subject(true, []),
        uk,
      ),
    ).toBe('notOnDeployment');
  });

  it('external entries carry their configured address and hide without one; the sales dashboard path loses its hash', () => {
    const externals = { vendorPerformance: 'https://analytics.example/vp', salesReports: 'https://bi.example/sales' };
    const groups = visibleGroups(subject(true, []), india, externals);
    const reports = groups.find((g) => g.id === 'feedbackReports')!.entries;
    expect(reports.find((e) => e.path === '/vendor-performance')?.externalUrl).toBe('https://analytics.example/vp');
    expect(reports.map((e) => e.path)).not.toContain('/auto-settlement');
    expect(reports.map((e) => e.path)).toContain('/vdashboard/index.html');
    // "Vehicle tracking, misc" holds one external entry: no address, no group.
    expect(groups.map((g) => g.id)).not.toContain('misc');
    const withTracking = visibleGroups(subject(true, []), india, { vehicleTracking: 'https://track.example/login' });
    expect(withTracking.find((g) => g.id === 'misc')?.entries).toEqual([
      { path: '/vehicle-tracking', labelKey: 'nav.vehicleTracking', externalUrl: 'https://track.example/login' },
    ]);
  });

  it('an external entry this product has a page for (the sales dashboard) opens it in-app without an address', () => {
    const built = new Set(['/vdashboard/index.html#/']);
    const reports = visibleGroups(subject(true, []), india, {}, built).find((g) => g.id === 'feedbackReports')!;
    expect(reports.entries.find((e) => e.labelKey === 'nav.salesReports')).toEqual({
      path: '/vdashboard/index.html',
      labelKey: 'nav.salesReports',
    });
    expect(reports.entries.map((e) => e.path)).not.toContain('/vendor-performance');
    const configured = visibleGroups(subject(true, []), india, { salesReports: 'https://bi.example/sales' }, built);
    const entry = configured.flatMap((g) => g.entries).find((e) => e.labelKey === 'nav.salesReports');
    expect(entry?.externalUrl).toBe('https://bi.example/sales');
  });

  it('marks the pages not built yet as planned, and says which two entries open the same page (issue 21)', () => {
    const built = new Set(['/bulkops', '/bulk_operations', '/location']);
    const entries = visibleGroups(subject(true, []), india, {}, built).flatMap((g) => g.entries);
    const byPath = (path: string) => entries.find((e) => e.path === path);
    expect(byPath('/location')?.planned).toBeUndefined();
    expect(byPath('/refunds')?.planned).toBe(true);
    expect(byPath('/bulk_operations')).toMatchObject({ samePageAs: 'nav.bulkops' });
    expect(byPath('/bulkops')).toMatchObject({ samePageAs: 'nav.bulkOperations' });
  });

  it('labels: Category & Submenu follows the limited permissions; spec labels elsewhere', () => {
    const submenu = NAV_ENTRIES.find((e) => e.path === '/submenu_management')!;
    const label = (permissions: string[]) => i18n.t(navLabelKey(submenu, subject(false, [], permissions)));
    expect(label([])).toBe('Category & Submenu Management');
    expect(label(['category_Only'])).toBe('Category Management');
    expect(label(['submenu_Only'])).toBe('Submenu Management');
    expect(label(['category_Only', 'submenu_Only'])).toBe('Category & Submenu Management');
    const byPath = (path: string) =>
      i18n.t(
        navLabelKey(
          NAV_ENTRIES.find((e) => e.path === path)!,
          subject(true, []),
        ),
      );
    expect(byPath('/vendor')).toBe('Create/Edit User');
    expect(byPath('/location')).toBe('Organization');
    expect(byPath('/menu')).toBe('Add/Edit Menu');
    expect(byPath('/foodpic_dashboard')).toBe('Upload Images');
    expect(byPath('/orderhistory')).toBe('Pre-order History');
    expect(byPath('/invoice')).toBe('Invoice Regeneration');
  });

  it('every entry and group has an English label', () => {
    for (const entry of NAV_GROUPS.flatMap((g) => g.entries.flatMap((e) => [e, ...(e.children ?? [])]))) {
      expect(i18n.exists(navLabelKey(entry, subject(true, []))), entry.path).toBe(true);
    }
    for (const group of NAV_GROUPS) expect(i18n.exists(`shell.navGroups.${group.id}`), group.id).toBe(true);
  });

  it('a user who is not admin and holds no page has no pages; a limited permission is a page', () => {
    expect(hasNoPages(subject(false, []))).toBe(true);
    expect(hasNoPages(subject(true, []))).toBe(false);
    expect(hasNoPages(subject(false, [], ['category_Only']))).toBe(false);
    expect(hasNoPages(permissionSubject(null))).toBe(true);
  });
});
