import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const SiteProfilesPage = lazy(() =>
  import('./pages/site-profiles-page').then((m) => ({ default: m.SiteProfilesPage })),
);

/** /siteprofile (permission key siteProfile). */
export const siteProfilePages: Record<string, LazyPage> = { '/siteprofile': SiteProfilesPage };
