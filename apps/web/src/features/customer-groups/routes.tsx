import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { groupApi, groupsUrl } from './api';

/** /groups (page groups): asks for its first groups while its code loads. */
export const customerGroupPages: Record<string, LazyPage> = {
  '/groups': lazyListPage('/groups', () => import('./pages/groups-page').then((m) => ({ default: m.GroupsPage })), {
    url: groupsUrl,
    api: groupApi,
  }),
};
