export { siteProfilePages } from './routes';
