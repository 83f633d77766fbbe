import { defaultFinePermissions, FINE_PERMISSIONS, NAV_ENTRIES, NAV_GROUPS, PAGE_PERMISSION_KEYS } from '@cd/core';

/** The part of a user (or a permission profile) the permission editor edits. */
export type PermissionSetValue = {
  admin: boolean;
  pagepermissionaccess: string[];
  permissions: string[];
  read_only_access: string[];
};

export type PageGroup = { id: string; pages: string[] };

/**
 * Page permissions grouped as the side navigation groups them (core's NAV_GROUPS), each key once, in
 * navigation order; keys no navigation entry uses (slot settings, check SSO, …) come last under "other".
 */
export const PAGE_GROUPS: PageGroup[] = (() => {
  const seen = new Set<string>();
  const groups: PageGroup[] = NAV_GROUPS.map((group) => {
    const pages: string[] = [];
    for (const entry of group.entries.flatMap((e) => e.children ?? [e])) {
      if (seen.has(entry.permission)) continue;
      seen.add(entry.permission);
      pages.push(entry.permission);
    }
    return { id: group.id, pages };
  });
  const other = PAGE_PERMISSION_KEYS.filter((key) => !seen.has(key));
  if (other.length) groups.push({ id: 'other', pages: other });
  return groups;
})();

const NAV_LABELS = new Map<string, string>();
for (const entry of NAV_ENTRIES) if (!NAV_LABELS.has(entry.permission)) NAV_LABELS.set(entry.permission, entry.label);

/**
 * The i18n keys of a page's label, first found wins: the side navigation's own label (so the editor names a
 * page as the navigation does), then this feature's name for keys the navigation does not label.
 */
export function pageLabelKeys(page: string): string[] {
  const nav = NAV_LABELS.get(page);
  return [...(nav ? [`nav.${nav}`] : []), `users.permissionEditor.pageNames.${page}`];
}

/** The i18n keys of a group's label: the navigation's group label, then this feature's. */
export function groupLabelKeys(group: string): string[] {
  return [`shell.navGroups.${group}`, `users.permissionEditor.groups.${group}`];
}

/** The fine permissions shown under a page. */
export function finePermissionsOf(page: string): string[] {
  return FINE_PERMISSIONS.filter((p) => p.page === page).map((p) => p.key);
}

type Grants = { canGrantPage: (page: string) => boolean; canGrantPermission: (permission: string) => boolean };

const without = (list: string[], remove: string[]) => list.filter((x) => !remove.includes(x));
const withAll = (list: string[], add: string[]) => [...list, ...add.filter((x) => !list.includes(x))];

/**
 * Ticking a page gives it with its default fine permissions (those the editor may give); unticking it takes
 * away its fine permissions and its read-only mark.
 */
export function setPage(value: PermissionSetValue, page: string, on: boolean, grants: Grants): PermissionSetValue {
  const fine = finePermissionsOf(page);
  if (on) {
    const defaults = defaultFinePermissions(page).filter((p) => grants.canGrantPermission(p));
    return {
      ...value,
      pagepermissionaccess: withAll(value.pagepermissionaccess, [page]),
      permissions: withAll(value.permissions, defaults),
    };
  }
  return {
    ...value,
    pagepermissionaccess: without(value.pagepermissionaccess, [page]),
    permissions: without(value.permissions, fine),
    read_only_access: without(value.read_only_access, [page]),
  };
}

export function setFinePermission(value: PermissionSetValue, permission: string, on: boolean): PermissionSetValue {
  return {
    ...value,
    permissions: on ? withAll(value.permissions, [permission]) : without(value.permissions, [permission]),
  };
}

export function setReadOnly(value: PermissionSetValue, page: string, on: boolean): PermissionSetValue {
  return {
    ...value,
    read_only_access: on ? withAll(value.read_only_access, [page]) : without(value.read_only_access, [page]),
  };
}

/** A group's checkbox gives every page of the group the editor may give, or takes every page of it. */
export function setGroup(value: PermissionSetValue, group: PageGroup, on: boolean, grants: Grants) {
  return group.pages
    .filter((page) => !on || grants.canGrantPage(page))
    .reduce(
      (next, page) => (next.pagepermissionaccess.includes(page) === on ? next : setPage(next, page, on, grants)),
      value,
    );
}
