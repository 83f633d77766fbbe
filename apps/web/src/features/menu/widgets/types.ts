import type { MenuFieldDef } from '@cd/core';

/** What every item-editor widget gets: its field definition and whether it is read-only (locked). */
export type WidgetProps = { def: MenuFieldDef; disabled: boolean };

/** The form path of a field definition (extras flags are `extras.<flag>`). */
export const fieldPath = (def: MenuFieldDef) => def.key as never;
