export { inventoryPages } from './routes';
