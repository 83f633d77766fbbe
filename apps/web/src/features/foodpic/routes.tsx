import { lazyPage, type LazyPage } from '../../lib/lazy-page';

/** /foodpic_dashboard (page foodpic_dashboard, "upload images"): food pictures matched to items, and the common item images. */
export const foodpicPages: Record<string, LazyPage> = {
  '/foodpic_dashboard': lazyPage(() => import('./pages/foodpic-page').then((m) => ({ default: m.FoodpicPage }))),
};
