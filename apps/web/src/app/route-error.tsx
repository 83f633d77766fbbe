import { useRouteError } from 'react-router';
import { ErrorNotice } from './error-notice';

/** The signed-in app's error element: a page that fails keeps the shell around it; a stale chunk reloads. */
export function RouteError() {
  return <ErrorNotice error={useRouteError()} />;
}
