export { menuManagementPages } from './routes';
