import type { NavEntry } from '@cd/core';

/**
 * The router path of a navigation entry: its path without a hash (the sales-report dashboard has one).
 * Its own file, so the route table (signed-in-app's chunk) does not pull in the shell's navigation rules.
 */
export function routePath(entry: Pick<NavEntry, 'path'>): string {
  return entry.path.split('#')[0] ?? entry.path;
}
