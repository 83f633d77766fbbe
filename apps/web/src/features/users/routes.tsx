import { lazy } from 'react';
import type { LazyPage } from '../../lib/lazy-page';

const UsersPage = lazy(() => import('./pages/users-page').then((m) => ({ default: m.UsersPage })));

/** /vendor "Create/Edit User" (spec 000 §2.3, permission key vendor). */
export const usersPages: Record<string, LazyPage> = { '/vendor': UsersPage };
