import { lazyPage, type LazyPage } from '../../lib/lazy-page';

/** /qrGeneration (page qrGeneration), loaded on demand. */
export const qrCodePages: Record<string, LazyPage> = {
  '/qrGeneration': lazyPage(() => import('./pages/qr-codes-page').then((m) => ({ default: m.QrCodesPage }))),
};
