export { sitePages } from './routes';
