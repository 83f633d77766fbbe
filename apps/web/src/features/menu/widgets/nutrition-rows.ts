import { availableNutrients, reorder, type NutritionRow } from '@cd/core';

/** A row's drag id: its nutrient (names are unique); the one row still without a name is '__new'. */
export const rowId = (row: Pick<NutritionRow, 'name'>) => row.name || '__new';

/** The rows after dragging the row `activeId` onto the row `overId`. */
export function moveRow(rows: readonly NutritionRow[], activeId: string, overId: string): NutritionRow[] {
  const from = rows.findIndex((r) => rowId(r) === activeId);
  const to = rows.findIndex((r) => rowId(r) === overId);
  return reorder(rows, from, to);
}

/** A row's name choices: its own nutrient plus those no other row uses. */
export function nameChoices(all: readonly string[], rows: readonly NutritionRow[], row: NutritionRow): string[] {
  const free = availableNutrients(all, rows);
  return row.name && !free.includes(row.name) ? [row.name, ...free] : free;
}

export const emptyRow = (): NutritionRow => ({ name: '', quantity: '', calories: '', dailyValue: '' });
