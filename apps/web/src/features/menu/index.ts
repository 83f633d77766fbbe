export { menuPages } from './routes';
export { MenuHistoryDrawer, type MenuHistoryDrawerProps } from './history/history-drawer';
