import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const PricebookPage = lazy(() => import('./pages/pricebook-page').then((m) => ({ default: m.PricebookPage })));

/** /pricebook (permission pricebook). */
export const pricebookPages: Record<string, LazyPage> = { '/pricebook': PricebookPage };
