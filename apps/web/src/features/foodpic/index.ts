export { foodpicPages } from './routes';
