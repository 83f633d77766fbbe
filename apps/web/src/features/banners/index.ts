export { bannerPages } from './routes';
