export { campaignPages } from './routes';
