import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_NAME_MAP, MENU_ITEM_FIELDS, type NutritionRow } from '@cd/core';
import { aFoodItem } from '../testing/menu-fixtures';
import { only, renderItemForm } from '../testing/render-item-form';
import { moveRow, nameChoices } from './nutrition-rows';

const fields = only(MENU_ITEM_FIELDS, 'nutrition');
const row = (name: string): NutritionRow => ({ name, quantity: '', calories: '', dailyValue: '' });
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Nutrition' }))
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

async function chooseNutrient(user: UserEvent, rowLabel: string, nutrient: string) {
  const item = within(screen.getByRole('list', { name: 'Nutrition' })).getByRole('listitem', { name: rowLabel });
  await user.click(within(item).getByRole('combobox', { name: /Nutrient/ }));
  await user.click(await screen.findByRole('option', { name: nutrient }));
}

describe('nutrition rows', () => {
  it('moves a dragged row onto another row position', () => {
    const rows = [row('Energy'), row('Protein'), row('Fat')];
    expect(moveRow(rows, 'Fat', 'Energy').map((r) => r.name)).toEqual(['Fat', 'Energy', 'Protein']);
    expect(moveRow(rows, 'Energy', 'Protein').map((r) => r.name)).toEqual(['Protein', 'Energy', 'Fat']);
  });

  it('offers a row its own nutrient and the unused ones only', () => {
    const rows = [row('Energy'), row('Protein')];
    const choices = nameChoices(DEFAULT_LIST_NAME_MAP.nutrients, rows, rows[1]!);
    expect(choices[0]).toBe('Protein');
    expect(choices).not.toContain('Energy');
  });
});

describe('nutrition box', { timeout: 60_000 }, () => {
  it('adds rows one at a time, each needing a nutrient before the next', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields });
    const add = screen.getByRole('button', { name: 'Add nutrient' });
    await user.click(add);
    expect(rowNames()).toEqual(['Row 1']);
    expect(add).toBeDisabled();

    await chooseNutrient(user, 'Row 1', 'Protein');
    expect(rowNames()).toEqual(['Protein']);
    expect(add).toBeEnabled();
    await user.click(add);
    await user.click(
      within(screen.getByRole('listitem', { name: 'Row 2' })).getByRole('combobox', { name: /Nutrient/ }),
    );
    // Protein is taken by the first row.
    expect(screen.queryByRole('option', { name: 'Protein' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Energy' })).toBeVisible();
  });

  it('gives a deleted row its nutrient back, and clears every row', async () => {
    const user = userEvent.setup();
    renderItemForm({ fields, initial: aFoodItem({ nutrition: [row('Energy'), row('Protein')] }) });
    expect(rowNames()).toEqual(['Energy', 'Protein']);

    await user.click(screen.getByRole('button', { name: 'Remove Energy' }));
    expect(rowNames()).toEqual(['Protein']);
    await user.click(screen.getByRole('button', { name: 'Add nutrient' }));
    await user.click(
      within(screen.getByRole('listitem', { name: 'Row 2' })).getByRole('combobox', { name: /Nutrient/ }),
    );
    expect(await screen.findByRole('option', { name: 'Energy' })).toBeVisible();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(rowNames()).toEqual([]);
  });

  it('disables Add once every nutrient is used', async () => {
    const all = DEFAULT_LIST_NAME_MAP.nutrients.map(row);
    renderItemForm({ fields, initial: aFoodItem({ nutrition: all }) });
    expect(screen.getByRole('button', { name: 'Add nutrient' })).toBeDisabled();
  });
});
