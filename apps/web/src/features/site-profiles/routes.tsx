import { lazy } from 'react';
import type { LazyPage } from '../../app/page-registry';

const SiteProfilesPage = lazy(() =>
  import('./pages/site-profiles-page').then((m) => ({ default: m.SiteProfilesPage })),
);

/** /siteprofile (permission key siteProfile). */
export const siteProfilePages: Record<string, LazyPage> = { '/siteprofile': SiteProfilesPage };
