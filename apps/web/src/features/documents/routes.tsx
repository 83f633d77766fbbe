import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /general_pdf_documents (page general_pdf_documents): asks for its first rows while its code loads. */
export const documentPages: Record<string, LazyPage> = {
  '/general_pdf_documents': lazyListPage(
    '/general_pdf_documents',
    () => import('./pages/documents-page').then((m) => ({ default: m.DocumentsPage })),
    () => import('./api').then((m) => ({ url: m.documentsUrl, api: m.documentApi })),
  ),
};
