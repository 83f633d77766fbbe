export { feedbackPages } from './routes';
