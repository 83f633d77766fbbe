export { buzzfeedPages } from './routes';
