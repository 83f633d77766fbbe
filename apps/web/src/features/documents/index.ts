export { documentPages } from './routes';
