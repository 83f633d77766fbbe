export { pricebookPages } from './routes';
