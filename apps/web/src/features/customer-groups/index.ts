export { customerGroupPages } from './routes';
