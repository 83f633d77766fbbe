import { FINE_PERMISSION_KEYS, reportPermissionKeys, type ReportLists } from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { clients } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

const FINE = new Set<string>(FINE_PERMISSION_KEYS);

/**
 * Report permissions are built from the clients' report lists (spec 000 §6), so a permission that is not one of
 * the fixed fine permissions must be a report key of some client when it is given. One a user or profile already
 * holds may stay after its report is removed from the lists (it then grants nothing).
 */
export async function assertKnownPermissions(db: DbOrTx, next: readonly string[], before: readonly string[] = []) {
  const added = next.filter((k) => !FINE.has(k) && !before.includes(k));
  if (added.length === 0) return;
  const rows = await db.select({ settings: clients.settings }).from(clients);
  const known = new Set(
    rows.flatMap((r) =>
      reportPermissionKeys((r.settings as { reportListJSON?: Partial<ReportLists> }).reportListJSON ?? {}),
    ),
  );
  const unknown = added.find((k) => !known.has(k));
  if (unknown) {
    throw badRequest('unknownPermission', `permissions: ${unknown} is neither a permission nor a report of a client`, {
      field: 'permissions',
    });
  }
}
