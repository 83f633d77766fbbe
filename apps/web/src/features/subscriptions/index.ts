export { subscriptionPages } from './routes';
