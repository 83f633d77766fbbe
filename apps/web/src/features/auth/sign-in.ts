/**
 * The sign-in screens, for the app's initial bundle (app/sign-in-app.tsx). Nothing reached from
 * here may import TanStack Query or 'react-router' itself (DESIGN.md §7, lib/sign-in-router.ts); the signed-in
 * app's hooks (profile, logout) are in index.ts.
 */
export { authRoutes } from './routes';
