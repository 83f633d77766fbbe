export { dayendPages } from './routes';
