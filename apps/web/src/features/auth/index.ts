export { authRoutes } from './routes';
export { useLogout, useProfile, useRetryProfile } from './api';
