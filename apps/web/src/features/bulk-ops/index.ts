export { bulkOpsPages } from './routes';
