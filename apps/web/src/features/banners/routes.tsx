import { lazyListPage, type LazyPage } from '../../lib/lazy-page';

/** /bannerPrograms (page bannerPrograms; editing needs banner_editProgramAccess): asks for its first rows while its code loads. */
export const bannerPages: Record<string, LazyPage> = {
  '/bannerPrograms': lazyListPage(
    '/bannerPrograms',
    () => import('./pages/banner-programs-page').then((m) => ({ default: m.BannerProgramsPage })),
    () => import('./api').then((m) => ({ url: m.bannerProgramsUrl, api: m.bannerProgramApi })),
  ),
};
