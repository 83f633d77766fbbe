import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GotoAnswer } from '@cd/core';
import { renderWithProviders } from '../../test/render';
import { setupUser } from '../../test/user-events';
import { GotoDialog } from './goto-dialog';
import type { VisibleGroup } from './nav-model';

const groups: VisibleGroup[] = [
  {
    id: 'menuManagement',
    entries: [
      { path: '/menu', labelKey: 'nav.editMenu' },
      { path: '/allergens', labelKey: 'nav.allergens' },
    ],
  },
  { id: 'feedbackReports', entries: [{ path: '/orderhistory', labelKey: 'nav.orderhistory' }] },
];

const ANSWER: GotoAnswer = {
  result: 'success',
  items: [
    { foodid: 'chai', foodname: 'Masala Chai', restaurant: 'fc-a:spice', restaurant_name: 'Spice Route' },
    { foodid: 'dosa', foodname: 'Masala Dosa', restaurant: 'fc-a:spice', restaurant_name: 'Spice Route' },
  ],
  orders: [],
  restaurants: [],
};
const ORDER: GotoAnswer = {
  result: 'success',
  orders: [
    { order_id: 42, order_number: 'SR-20261129-0001', restaurant_name: 'Spice Route', business_date: '2026-11-29' },
  ],
};

/** fetch answering GET /goto?q= from `answers` (the default: nothing found), after `delayMs`. */
function stubGoto(answers: Record<string, GotoAnswer | 'fail'>, delayMs = 0) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://test');
    const q = url.searchParams.get('q') ?? '';
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = answers[q];
    if (answer === 'fail') {
      return Response.json({ result: 'failure', message: 'Database busy', extras: { code: 'x' } }, { status: 503 });
    }
    return Response.json(answer ?? { result: 'success', orders: [], items: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog() {
  const onClose = vi.fn();
  const onGo = vi.fn();
  renderWithProviders(<GotoDialog open onClose={onClose} groups={groups} onGo={onGo} />);
  return { onClose, onGo, user: setupUser(), box: screen.getByRole('combobox', { name: /Go to a page/ }) };
}

afterEach(() => vi.unstubAllGlobals());

describe('Go to dialog (issue 36 point 4)', () => {
  it('finds pages of the navigation without the server, and opens one with Enter', async () => {
    const fetchMock = stubGoto({});
    const { user, box, onGo, onClose } = renderDialog();
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'a');
    const list = screen.getByRole('listbox');
    const pages = within(list).getByRole('group', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Add/Edit MenuMenu Management', 'AllergensMenu Management']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('2 results');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Allergens/ }).id);
    expect(screen.getByRole('option', { name: /Allergens/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onGo).toHaveBeenCalledWith('/allergens');
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server once typing pauses and lists records by kind, each opening its page', async () => {
    const fetchMock = stubGoto({ masala: ANSWER });
    const { user, box, onGo } = renderDialog();
    await user.type(box, 'masala');
    const items = await screen.findByRole('group', { name: 'Menu items' });
    expect(
      within(items)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Masala ChaiSpice Route', 'Masala DosaSpice Route']);
    // Debounced: one call, for the whole word.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('goto?q=masala');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowUp}{ArrowUp}');
    // Wraps round: the last line.
    expect(screen.getByRole('option', { name: /Masala Dosa/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(onGo).toHaveBeenCalledWith('/menu?restaurant=fc-a%3Aspice&item=dosa');
  });

  it('opens the first record once it arrives when Enter comes before the answer', async () => {
    stubGoto({ 'SR-20261129-0001': ORDER }, 200);
    const { user, box, onGo } = renderDialog();
    await user.type(box, 'SR-20261129-0001{Enter}');
    expect(onGo).not.toHaveBeenCalled();
    await waitFor(() => expect(onGo).toHaveBeenCalledWith('/orderhistory?view=42'));
  });

  it('says when nothing is found, when the server fails, and closes on Escape', async () => {
    stubGoto({ zzz: { result: 'success', items: [] }, boom: 'fail' });
    const { user, box, onClose } = renderDialog();
    await user.type(box, 'zzz');
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'boom');
    expect(await screen.findByText(/Records could not be searched: Database busy/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
