export { clonePages } from './routes';
