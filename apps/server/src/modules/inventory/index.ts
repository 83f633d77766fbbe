export { inventoryRoutes } from './inventory.routes.js';
export { changesOf, moveTracked, nullifyStock } from './stock.js';
