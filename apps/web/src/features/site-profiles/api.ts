import type { z } from 'zod';
import type { ProfileView, siteProfileBody, UserSites } from '@cd/core';
import { makeProfileApi } from '../users';

export type SiteProfile = ProfileView<{ sites: UserSites }>;
export type SiteProfileOutput = z.output<typeof siteProfileBody>;

/** GET/POST /site_profiles, PUT/DELETE /site_profiles/:id, POST …/:id/apply. */
export const siteProfileApi = makeProfileApi<{ sites: UserSites }, SiteProfileOutput>('site_profiles');
