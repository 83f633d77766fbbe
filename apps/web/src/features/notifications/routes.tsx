import { lazyListPage, type LazyPage } from '../../lib/lazy-page';
import { notificationApi, notificationsUrl } from './api';

/** /notifications (page notifications): asks for its first rows while its code loads. */
export const notificationPages: Record<string, LazyPage> = {
  '/notifications': lazyListPage(
    '/notifications',
    () => import('./pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
    { url: notificationsUrl, api: notificationApi },
  ),
};
