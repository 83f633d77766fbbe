export { posVsdPages } from './routes';
