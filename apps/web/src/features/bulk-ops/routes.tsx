import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const BulkOps = lazy(() => import('./pages/bulk-ops-page').then((m) => ({ default: m.BulkOpsPage })));

/** The bulk-operations page under both of its paths (spec 000 §2.3: bulkops, bulk_operations). */
export const bulkOpsPages: Record<string, LazyPage> = {
  '/bulkops': BulkOps,
  '/bulk_operations': BulkOps,
};
