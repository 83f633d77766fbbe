import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const PermissionProfilesPage = lazy(() =>
  import('./pages/permission-profiles-page').then((m) => ({ default: m.PermissionProfilesPage })),
);

/** /permission-profile (permission key permissionProfile). */
export const permissionProfilePages: Record<string, LazyPage> = { '/permission-profile': PermissionProfilesPage };
