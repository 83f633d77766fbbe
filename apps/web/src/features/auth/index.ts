export { authRoutes } from './routes';
export { useLogout, useProfile } from './api';
