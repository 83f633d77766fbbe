export { orderPages } from './routes';
