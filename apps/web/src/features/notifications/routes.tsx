import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /notifications (page notifications): asks for its first rows while its code loads. */
export const notificationPages: Record<string, LazyPage> = {
  '/notifications': lazyListPage(
    '/notifications',
    () => import('./pages/notifications-page').then((m) => ({ default: m.NotificationsPage })),
    () => import('./api').then((m) => ({ url: m.notificationsUrl, api: m.notificationApi })),
  ),
};
