import { lazy } from 'react';
import type { LazyPage } from '../../app/page-registry';

const PricebookPage = lazy(() => import('./pages/pricebook-page').then((m) => ({ default: m.PricebookPage })));

/** /pricebook (permission pricebook). */
export const pricebookPages: Record<string, LazyPage> = { '/pricebook': PricebookPage };
