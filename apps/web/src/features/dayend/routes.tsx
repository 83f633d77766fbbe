import { lazyPage, type LazyPage } from '../../lib/lazy-page';

/** /dayend (page dayend), /sap-inflow (page sapInflow) and /sapupload (page sapupload), loaded on demand. */
export const dayendPages: Record<string, LazyPage> = {
  '/dayend': lazyPage(() => import('./pages/dayend-page').then((m) => ({ default: m.DayendPage }))),
  '/sap-inflow': lazyPage(() => import('./pages/sap-inflow-page').then((m) => ({ default: m.SapInflowPage }))),
  '/sapupload': lazyPage(() => import('./pages/sap-upload-page').then((m) => ({ default: m.SapUploadPage }))),
};
