import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /invoice (invoice regeneration, page invoice): asks for its first rows while its code loads. */
export const invoicePages: Record<string, LazyPage> = {
  '/invoice': lazyListPage(
    '/invoice',
    () => import('./pages/invoices-page').then((m) => ({ default: m.InvoicesPage })),
    () => import('./api').then((m) => ({ url: m.invoicesUrl, api: m.invoiceApi })),
  ),
};
