export { reportPages } from './routes';
