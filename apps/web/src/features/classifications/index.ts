export { classificationPages } from './routes';
