export { notificationPages } from './routes';
