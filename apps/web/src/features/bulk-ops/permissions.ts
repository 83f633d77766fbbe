/** Fine permissions of the bulk-operations page (core FINE_PERMISSIONS, page bulkops). */
export const BULK_NUTRITION_UPLOAD = 'bulk_nutrition_upload';
export const ERASE_MENU = 'erase_menu';
/** The item field taxation (core's item fields: permission taxation). */
export const TAXATION = 'taxation';

/** Whether the user holds a fine permission: admins hold all (spec 000 §6). */
export type Holds = (permission: string) => boolean;

export function holdsFrom(extras: { admin?: boolean; permissions?: string[] } | undefined): Holds {
  const admin = extras?.admin === true;
  const held = new Set(extras?.permissions ?? []);
  return (permission) => admin || held.has(permission);
}
