import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import { DEFAULT_LIST_NAME_MAP, type FoodItem, type MenuFieldDef, type SubmenuSummary } from '@cd/core';
import { renderScreen } from '../../../test/render';
import { ItemForm } from '../editor/item-form';
import { holdsFrom } from '../permissions';

type Options = {
  initial?: FoodItem;
  /** Fine permissions held; admin holds all. */
  permissions?: string[];
  admin?: boolean;
  fields?: readonly MenuFieldDef[];
  submenus?: SubmenuSummary[];
  pricebookPrice?: number | null;
  reload?: () => Promise<FoodItem | undefined>;
  deferLaterSections?: boolean;
};

/** Renders the item editor with a context like the page builds (INR, the built-in lists). */
export function renderItemForm({
  initial,
  permissions = [],
  admin = false,
  fields,
  submenus = [],
  pricebookPrice = null,
  reload = async () => undefined,
  deferLaterSections,
}: Options = {}) {
  const onClose = vi.fn();
  const money = (n: number) => `₹${n.toFixed(2)}`;
  const context = {
    holds: holdsFrom({ admin, permissions }),
    restaurant: 'fc-blr-atrium:spice_route',
    currency: { code: 'INR', symbol: '₹' },
    money,
    pricebookPrice,
    categories: ['Starters', 'Mains', 'Drinks'],
    submenus,
    lists: Object.fromEntries(Object.entries(DEFAULT_LIST_NAME_MAP).map(([k, v]) => [k, [...v]])),
    allergens: [
      { code: 'MK', name: 'Milk' },
      { code: 'PT', name: 'Peanut' },
    ],
  };
  const view = renderScreen(
    <ItemForm
      initial={initial}
      context={context}
      reload={reload}
      onClose={onClose}
      fields={fields}
      deferLaterSections={deferLaterSections}
    />,
  );
  return { ...view, onClose };
}

/** Types HHmm into the MUI time field labelled `label` (its sections are spinbuttons in a group). */
export async function typeTime(user: UserEvent, label: string, hhmm: string) {
  // find: an alert that just closed may still hide the rest of the page for a moment.
  const group = await screen.findByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(hhmm.replace(':', ''));
}

/** One field definition by key, from core's list. */
export function only(fields: readonly MenuFieldDef[], ...keys: string[]): MenuFieldDef[] {
  return fields.filter((d) => keys.includes(d.key));
}
