import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const AdUsersPage = lazy(() => import('./pages/ad-users-page').then((m) => ({ default: m.AdUsersPage })));

/** /ad-user-management (permission key ad-user-management). */
export const adUserPages: Record<string, LazyPage> = { '/ad-user-management': AdUsersPage };
