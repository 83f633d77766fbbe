import { regionForHost, type Region } from '@cd/core';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { loadSiteScope, type SiteScope } from '../../lib/site-scope.js';

/**
 * Content names the food courts it is for (empty: every site). A user may save it only for sites they have, and
 * only a user with every site may save it for every site; a scoped user sees what is within their sites (and reads,
 * but cannot change, what is for every site).
 */
export async function checkContentSites(db: Db, user: UserRow, foodcourts: readonly string[], field = 'foodcourts') {
  const scope = await loadSiteScope(db, user);
  if (!foodcourts.every((f) => scope.foodcourts.has(f))) {
    if (scope.all)
      throw badRequest('unknownSite', `No site ${foodcourts.find((f) => !scope.foodcourts.has(f))}`, { field });
    throw forbidden('It names a site you do not have');
  }
  if (!scope.all && foodcourts.length === 0)
    throw badRequest('sitesRequired', 'Choose its sites (you do not have every site)', { field });
  return scope;
}

/** Rows a user may see: all for every-site users; else those for every site or only for sites of theirs. */
export function visibleSites(scope: SiteScope, column: AnyPgColumn): SQL | undefined {
  if (scope.all) return undefined;
  const mine = JSON.stringify([...scope.foodcourts]);
  return sql`(${column} = '[]'::jsonb or ${column} <@ ${mine}::jsonb)`;
}

/** Rows for one site: those for every site and those naming it. */
export const forSite = (column: AnyPgColumn, foodcourt: string | undefined): SQL | undefined =>
  foodcourt ? sql`(${column} = '[]'::jsonb or ${column} @> ${JSON.stringify([foodcourt])}::jsonb)` : undefined;

/** May this user change content for these sites (every-site content needs every site)? */
export function mayChange(scope: SiteScope, foodcourts: readonly string[]) {
  if (scope.all) return;
  if (foodcourts.length === 0 || !foodcourts.every((f) => scope.foodcourts.has(f)))
    throw forbidden('It is for sites you do not have');
}

/** The region this request was made for, by its host name (as the web app picks it; REGION_HOSTS maps hosts). */
export function regionOf(request: FastifyRequest, config: Pick<Config, 'REGION_HOSTS'>): Region {
  let mapping: Record<string, string> = {};
  try {
    const parsed: unknown = config.REGION_HOSTS ? JSON.parse(config.REGION_HOSTS) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      mapping = Object.fromEntries(
        Object.entries(parsed).flatMap(([h, id]) => (typeof id === 'string' ? [[h.toLowerCase(), id]] : [])),
      );
  } catch {
    mapping = {};
  }
  return regionForHost(request.hostname ?? '', mapping);
}

/** The version an update edited: required (a save without it could overwrite someone else's). */
export function versionOf(body: { version?: number | undefined }): number {
  if (body.version === undefined)
    throw badRequest('versionRequired', 'Send the version you edited', { field: 'version' });
  return body.version;
}
