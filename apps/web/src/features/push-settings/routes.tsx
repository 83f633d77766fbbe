import { lazyPage, type LazyPage } from '../../lib/lazy-page';

/** /push-setting (page push-setting), loaded on demand. */
export const pushSettingsPages: Record<string, LazyPage> = {
  '/push-setting': lazyPage(() => import('./pages/push-settings-page').then((m) => ({ default: m.PushSettingsPage }))),
};
