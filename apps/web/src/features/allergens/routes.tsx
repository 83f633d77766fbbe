import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const AllergensPage = lazy(() => import('./pages/allergens-page').then((m) => ({ default: m.AllergensPage })));

/** /allergens (permission allergens). */
export const allergenPages: Record<string, LazyPage> = { '/allergens': AllergensPage };
