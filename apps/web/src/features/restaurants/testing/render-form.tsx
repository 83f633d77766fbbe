import type { RestaurantView } from '@cd/core';
import { vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { RestaurantFormDialog } from '../restaurant-form-dialog';

/** Renders the form dialog as the site list page would, with an onClose spy. */
export function renderForm(props: { mode?: 'new' | 'edit'; restaurant?: string; foodcourt?: string } = {}) {
  const onClose = vi.fn<(saved?: RestaurantView) => void>();
  const view = renderScreen(
    <RestaurantFormDialog
      open
      mode={props.mode ?? 'new'}
      foodcourt={props.foodcourt ?? 'fc-one'}
      restaurant={props.restaurant}
      onClose={onClose}
    />,
  );
  return { ...view, onClose };
}
