export { menuPages } from './routes';
