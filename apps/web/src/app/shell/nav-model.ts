import {
  canAccessPage,
  grantedPages,
  NAV_GROUPS,
  submenuPageLabel,
  type NavEntry,
  type PermissionSubject,
  type Region,
} from '@cd/core';
import type { UserDetails } from '../../lib/login-state';
import { routePath } from '../route-path';

/** What the grant rules read, from the profile (or the stored copy of it while the profile reloads). */
export function permissionSubject(user: Partial<UserDetails> | null | undefined): PermissionSubject {
  const extras = user?.vendorextras;
  return {
    admin: extras?.admin === true,
    pagepermissionaccess: extras?.pagepermissionaccess ?? [],
    permissions: extras?.permissions ?? [],
  };
}

/** Spec 000 §2.2: a user who is not admin and holds no page at all sees the welcome page. */
export function hasNoPages(subject: PermissionSubject): boolean {
  return !subject.admin && grantedPages(subject).size === 0;
}

/** The i18n key of an entry's label; the Category & Submenu label follows the limited permissions. */
export function navLabelKey(entry: NavEntry, subject: PermissionSubject): string {
  if (entry.path === '/submenu_management') return `nav.${submenuPageLabel(subject)}`;
  return `nav.${entry.label}`;
}

/** Some entries exist only on some regional deployments (spec 000 §2.3). */
export function isOnDeployment(entry: NavEntry, region: Pick<Region, 'country'>): boolean {
  return !entry.countries || entry.countries.includes(region.country);
}

export type PageAccess = 'allowed' | 'notAllowed' | 'notOnDeployment';

export function pageAccess(entry: NavEntry, subject: PermissionSubject, region: Pick<Region, 'country'>): PageAccess {
  if (!isOnDeployment(entry, region)) return 'notOnDeployment';
  return canAccessPage(subject, entry.permission) ? 'allowed' : 'notAllowed';
}

export type VisibleEntry = {
  path: string;
  labelKey: string;
  /** Set for an entry that opens another site in a new tab. */
  externalUrl?: string;
  /** A page not built yet: listed (its permission is real), marked as planned (issue 21). */
  planned?: true;
  /** The label key of another entry that opens the same page. */
  samePageAs?: string;
  children?: VisibleEntry[];
};

export type VisibleGroup = { id: string; entries: VisibleEntry[] };

type Externals = Record<string, string | undefined>;

function visibleEntry(
  entry: NavEntry,
  subject: PermissionSubject,
  region: Pick<Region, 'country'>,
  externals: Externals,
  built: ReadonlySet<string> | undefined,
): VisibleEntry | null {
  if (entry.children) {
    const children = entry.children
      .map((child) => visibleEntry(child, subject, region, externals, built))
      .filter((child): child is VisibleEntry => child !== null);
    return children.length ? { path: entry.path, labelKey: navLabelKey(entry, subject), children } : null;
  }
  if (pageAccess(entry, subject, region) !== 'allowed') return null;
  const externalUrl = entry.external ? externals[entry.label] : undefined;
  // An entry that opens another site shows only when that site is configured (a link to nowhere is no page), or
  // when this product has a page of its own for it (the sales dashboard), which it then opens in-app.
  if (entry.external && !externalUrl && !built?.has(entry.path)) return null;
  return {
    path: routePath(entry),
    labelKey: navLabelKey(entry, subject),
    ...(externalUrl ? { externalUrl } : {}),
    ...(!entry.external && built && !built.has(entry.path) ? { planned: true as const } : {}),
    ...(entry.samePageAs ? { samePageAs: `nav.${entry.samePageAs}` } : {}),
  };
}

/**
 * The side navigation for a user (spec 000 §2.2, §2.3): an entry shows if its page is held (admins hold
 * every page) and it exists on this deployment; an entry that opens another site shows only when its address is
 * configured; a group shows if at least one of its entries does (so "Vehicle tracking, misc" adds no group of
 * placeholders: its permissions are granted, its one entry opens the configured site).
 */
export function visibleGroups(
  subject: PermissionSubject,
  region: Pick<Region, 'country'>,
  externals: Externals = {},
  /** The paths of the pages that are built; the others are marked planned (none are without it). */
  built?: ReadonlySet<string>,
): VisibleGroup[] {
  return NAV_GROUPS.map((group) => ({
    id: group.id,
    entries: group.entries
      .map((entry) => visibleEntry(entry, subject, region, externals, built))
      .filter((entry): entry is VisibleEntry => entry !== null),
  })).filter((group) => group.entries.length > 0);
}
