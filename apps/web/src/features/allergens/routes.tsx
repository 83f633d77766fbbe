import { lazy } from 'react';
import type { LazyPage } from '../../app/page-registry';

const AllergensPage = lazy(() => import('./pages/allergens-page').then((m) => ({ default: m.AllergensPage })));

/** /allergens (permission allergens). */
export const allergenPages: Record<string, LazyPage> = { '/allergens': AllergensPage };
