export { RestaurantFormDialog, type RestaurantFormDialogProps } from './restaurant-form-dialog';
