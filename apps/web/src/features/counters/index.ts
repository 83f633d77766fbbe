export { counterPages } from './routes';
