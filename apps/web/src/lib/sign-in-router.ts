/**
 * React Router as the sign-in screens use it: declarative mode (a <BrowserRouter> and its hooks). The signed-in app
 * runs in data mode (createBrowserRouter, for useBlocker and error elements), which is twice the code; React
 * Router ships both modes in one module, so the production build resolves this file's import to the package's
 * other build (react-router/dist/production, the same API) and the sign-in bundle keeps only what it uses
 * (vite.config.ts, plugin `sign-in-router`). In tests it is plain react-router.
 *
 * The rule that follows: whatever renders on the sign-in screens (features/auth, app/sign-in-app.tsx) takes its
 * router components and hooks from here, never from 'react-router' itself; the build fails if the sign-in bundle
 * holds the data-mode module (the same plugin), and the signed-in app never renders the sign-in screens.
 */
export { BrowserRouter, Navigate, useLocation, useNavigate, useRoutes, useSearchParams } from 'react-router';
