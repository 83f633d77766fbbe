export { apiKeyPages } from './routes';
