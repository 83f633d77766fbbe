export { invoicePages } from './routes';
