export { loyaltyPages } from './routes';
