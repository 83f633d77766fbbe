export { qrCodePages } from './routes';
