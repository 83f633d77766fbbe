export { pushSettingsPages } from './routes';
