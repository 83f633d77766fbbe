import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /feedback (page feedback): asks for its first rows while its code loads. */
export const feedbackPages: Record<string, LazyPage> = {
  '/feedback': lazyListPage(
    '/feedback',
    () => import('./pages/feedback-page').then((m) => ({ default: m.FeedbackPage })),
    () => import('./api').then((m) => ({ url: m.feedbackUrl, api: m.feedbackApi })),
  ),
};
