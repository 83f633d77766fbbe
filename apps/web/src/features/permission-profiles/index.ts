export { permissionProfilePages } from './routes';
