export { productionPlanningPages } from './routes';
