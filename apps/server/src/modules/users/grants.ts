import { grantedPages, normalisePageKey } from '@cd/core';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { sitesWithin, type SiteScope } from '../../lib/site-scope.js';

type PermissionChange = {
  admin: boolean;
  pagepermissionaccess: string[];
  permissions: string[];
  read_only_access?: string[];
};

const added = (next: string[], before: string[]) => next.filter((x) => !before.includes(x));

/**
 * A user can give only what they hold: admins anything; others only their own pages, fine permissions and
 * sites, and never the admin flag. What a target already had may stay even if the editor lacks it.
 */
export function assertMayGrant(
  editor: UserRow,
  scope: SiteScope,
  next: PermissionChange & { sites?: { locations: string[]; foodcourts: string[]; restaurants: string[] } },
  before?: PermissionChange & { sites?: { locations: string[]; foodcourts: string[]; restaurants: string[] } },
): void {
  if (editor.admin) return;
  const refuse = (what: string) => {
    throw new AppError(403, 'cannotGrant', `You cannot give ${what} that you do not hold yourself`);
  };
  if (next.admin && !before?.admin) refuse('administrator access');
  const held = grantedPages(editor);
  const newPages = added(
    next.pagepermissionaccess.map(normalisePageKey),
    (before?.pagepermissionaccess ?? []).map(normalisePageKey),
  );
  const missingPage = newPages.find((p) => !held.has(p));
  if (missingPage) refuse(`the page permission "${missingPage}"`);
  const newFine = added(next.permissions, before?.permissions ?? []);
  const missingFine = newFine.find((p) => !editor.permissions.includes(p));
  if (missingFine) refuse(`the permission "${missingFine}"`);
  if (next.sites) {
    const prev = before?.sites ?? { locations: [], foodcourts: [], restaurants: [] };
    const newSites = {
      locations: added(next.sites.locations, prev.locations),
      foodcourts: added(next.sites.foodcourts, prev.foodcourts),
      restaurants: added(next.sites.restaurants, prev.restaurants),
    };
    if (!sitesWithin(scope, newSites)) refuse('sites');
  }
}

/**
 * Whether an editor may see and change a user: admins all; others the non-admin users who have sites, all
 * within the editor's (a user with no site belongs to no one's area but the admins').
 */
export function mayManage(editor: UserRow, scope: SiteScope, target: UserRow): boolean {
  if (editor.admin || editor.id === target.id) return true;
  if (target.admin) return false;
  const s = target.sites;
  const hasSites = s.locations.length + s.foodcourts.length + s.restaurants.length > 0;
  return hasSites && sitesWithin(scope, s);
}
