export { upsellingPages } from './routes';
