import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { loadSiteScope, sitesWithin, type SiteScope } from '../../lib/site-scope.js';

export const idParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * Offers and upsell rules name the sites they apply at (empty: every site). A user may save one only within the
 * sites they have, and only a user with every site may save one for every site; a user sees those whose sites
 * are all theirs (DESIGN.md §6: a scoped user never sees another client's marketing).
 */
export async function checkSites(db: Db, user: UserRow, sites: { foodcourts: string[]; restaurants: string[] }) {
  const scope = await loadSiteScope(db, user);
  if (!sitesWithin(scope, { locations: [], ...sites })) throw forbidden('It names a site you do not have');
  if (!scope.all && sites.foodcourts.length === 0 && sites.restaurants.length === 0)
    throw badRequest('sitesRequired', 'Choose its sites (you do not have every site)', {
      field: 'conditions.foodcourts',
    });
  return scope;
}

export const visibleTo = (scope: SiteScope, sites: { foodcourts: string[]; restaurants: string[] }) =>
  scope.all ||
  ((sites.foodcourts.length > 0 || sites.restaurants.length > 0) && sitesWithin(scope, { locations: [], ...sites }));
