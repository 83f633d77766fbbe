// The signed-in shell, loaded on demand: nothing here is part of the sign-in page's bundle.
export { AppShell } from './app-shell';
export { ShellPage } from './shell-page';
export { HomePage } from '../pages/home-page';
export { NotFoundPage } from '../pages/not-found-page';
