export { allergenPages } from './routes';
