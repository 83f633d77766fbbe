import type { LazyPage } from '../../lib/lazy-page';

/** Placeholder until the page lands (issue 20). */
export const clonePages: Record<string, LazyPage> = {};
