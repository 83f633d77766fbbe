import { BUILT_PAGES } from '../page-registry';

// The signed-in shell, loaded on demand: nothing here is part of the sign-in page's bundle.
export { AppShell } from './app-shell';
export { ShellPage } from './shell-page';
export { HomePage } from '../pages/home-page';
export { NotFoundPage } from '../pages/not-found-page';
// Loaded with the shell for every page (shared-ui.ts).
export * as sharedUi from './shared-ui';

/**
 * Starts loading the built page at `pathname` (and, for a list page, its first rows) before the login guard has the
 * profile to render it with (app-root.tsx). The route matches paths exactly, as here.
 */
export function preloadPage(pathname: string): void {
  BUILT_PAGES[pathname]?.preload?.();
}
