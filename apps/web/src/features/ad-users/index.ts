export { adUserPages } from './routes';
