import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /groups (page groups): asks for its first groups while its code loads. */
export const customerGroupPages: Record<string, LazyPage> = {
  '/groups': lazyListPage(
    '/groups',
    () => import('./pages/groups-page').then((m) => ({ default: m.GroupsPage })),
    () =>
      import('./api').then((m) => ({
        url: m.groupsUrl,
        api: m.groupApi,
      })),
  ),
};
