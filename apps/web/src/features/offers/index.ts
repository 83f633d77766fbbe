export { offerPages } from './routes';
// Loaded with the page that renders them (upselling), not with the app's route table.
export { ItemPicker, SiteFields, TryCartPanel } from './shared';
export type { ItemPickerProps } from './components/item-picker';
export type { SiteFieldsProps } from './components/site-fields';
export type { TryCartPanelProps } from './components/try-cart-panel';
export { itemName } from './api';
