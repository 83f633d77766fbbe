export { htmlPagePages } from './routes';
