import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, FOODCOURT, qrApiMock } from '../testing/qr-api';
import { QrCodesPage } from './qr-codes-page';

const renderPage = (route = `/qrGeneration?foodcourt=${FOODCOURT}`) =>
  renderScreen(<QrCodesPage />, { path: '/qrGeneration', route, signedInAs: ADMIN });

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('QR codes', { timeout: 60_000 }, () => {
  it('asks for a food court first, then lists its codes with type, link and copy', async () => {
    const { record } = qrApiMock();
    const user = setupUser();
    const { router } = renderPage('/qrGeneration');
    expect(await screen.findByText('Choose a food court to see its QR codes.')).toBeVisible();
    expect(record.filter((c) => c.path === 'qr_codes')).toEqual([]);

    await user.click(screen.getByRole('combobox', { name: 'Food court' }));
    await user.click(await screen.findByRole('option', { name: 'Atrium Food Court' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?foodcourt=${FOODCOURT}`));
    const table = await loadedTable('QR codes');
    const row = within(table).getByRole('row', { name: /T1 Table Whole food court/ });
    expect(row).toHaveTextContent('http://127.0.0.1:3000/q/1.sig1');
    expect(within(row).getByRole('button', { name: 'Copy the link of T1' })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Download T1 as PNG' })).toBeVisible();
  });

  it('builds the labels from a range with its prefix, makes them, shows the first and chooses them', async () => {
    const { sent } = qrApiMock([]);
    const user = setupUser();
    renderPage(`/qrGeneration?foodcourt=${FOODCOURT}&action=new`);
    const dialog = await screen.findByRole('dialog', { name: 'Make QR codes' });
    expect(dialog).toHaveTextContent('For Atrium Food Court');

    await fill(user, within(dialog).getByRole('textbox', { name: 'To' }), '20');
    expect(within(dialog).getByRole('status')).toHaveTextContent('20 codes: T1, T2, T3, T4, …, T20');
    await fill(user, within(dialog).getByRole('textbox', { name: 'From' }), '9');
    await fill(user, within(dialog).getByRole('textbox', { name: 'To' }), '3');
    await user.click(within(dialog).getByRole('button', { name: /Make 0 codes/ }));
    expect(await within(dialog).findByText('The last number comes after the first')).toBeVisible();
    expect(sent('POST', 'qr_codes')).toEqual([]);

    await fill(user, within(dialog).getByRole('textbox', { name: 'From' }), '1');
    await fill(user, within(dialog).getByRole('textbox', { name: 'To' }), '5');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Prefix' }), 'Table ');
    expect(within(dialog).getByRole('status')).toHaveTextContent('5 codes: Table1, Table2, Table3, Table4, Table5');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Prefix' }), 'T');
    await user.click(within(dialog).getByRole('button', { name: 'Make 5 codes' }));

    await waitFor(() => expect(sent('POST', 'qr_codes')).toHaveLength(1));
    expect(sent('POST', 'qr_codes')[0]).toMatchObject({
      foodcourt: FOODCOURT,
      restaurant: null,
      target_type: 'table',
      labels: ['T1', 'T2', 'T3', 'T4', 'T5'],
    });
    const made = await screen.findByRole('dialog', { name: '5 QR codes made' });
    expect(within(made).getByRole('img', { name: 'QR code of T1' })).toHaveAttribute(
      'src',
      '/v2/bck/qr_codes/31/image?format=png',
    );
    await user.click(within(made).getByRole('button', { name: 'Choose these 5 for printing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('5 codes chosen')).toBeVisible();
    const table = await loadedTable('QR codes');
    await waitFor(() => expect(within(table).getByRole('checkbox', { name: 'Choose T5' })).toBeChecked());
    expect(within(table).getByRole('checkbox', { name: 'Choose T1' })).toBeChecked();
  });

  it('takes labels one per line for collection points, for the restaurant chosen', async () => {
    const { sent } = qrApiMock();
    const user = setupUser();
    renderPage(`/qrGeneration?foodcourt=${FOODCOURT}&restaurant=fc-blr-atrium:spice-route&action=new`);
    const dialog = await screen.findByRole('dialog', { name: 'Make QR codes' });
    expect(dialog).toHaveTextContent('For Atrium Food Court · Spice Route');
    await user.click(within(dialog).getByRole('combobox', { name: 'Code for' }));
    await user.click(await screen.findByRole('option', { name: 'Collection point' }));
    await user.click(within(dialog).getByRole('radio', { name: 'One per line' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Labels, one per line' }), 'Pickup A\n\nPickup B\n');
    await user.click(within(dialog).getByRole('button', { name: 'Make 2 codes' }));
    await waitFor(() => expect(sent('POST', 'qr_codes')).toHaveLength(1));
    expect(sent('POST', 'qr_codes')[0]).toMatchObject({
      restaurant: 'fc-blr-atrium:spice-route',
      target_type: 'collectionpoint',
      labels: ['Pickup A', 'Pickup B'],
    });
  });

  it('prints a sheet and downloads a zip of the chosen codes, and one code as SVG', async () => {
    const { sent } = qrApiMock();
    const user = setupUser();
    renderPage();
    const table = await loadedTable('QR codes');
    const print = screen.getByRole('button', { name: 'Print sheet (PDF)' });
    expect(print).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Choose T2' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Choose T1' }));
    expect(screen.getByText('2 codes chosen')).toBeVisible();

    await user.click(print);
    await waitFor(() => expect(sent('POST', 'qr_codes/print')).toEqual([expect.objectContaining({ ids: [2, 1] })]));
    await waitFor(() => expect(clicked).toContainEqual({ href: 'blob:file', download: 'qr-codes-2.pdf' }));

    await user.click(within(table).getByRole('checkbox', { name: 'Choose T2' }));
    await user.click(screen.getByRole('button', { name: 'Download zip (PNG and SVG)' }));
    await waitFor(() => expect(sent('POST', 'qr_codes/zip')).toEqual([expect.objectContaining({ ids: [1] })]));
    await waitFor(() => expect(clicked).toContainEqual({ href: 'blob:file', download: 'qr-codes-1.zip' }));

    await user.click(screen.getByRole('button', { name: 'Choose all 2' }));
    expect(screen.getByText('2 codes chosen')).toBeVisible();

    await user.click(within(table).getByRole('button', { name: 'Download T1 as SVG' }));
    expect(clicked).toContainEqual({ href: '/v2/bck/qr_codes/1/image?format=svg', download: '' });
  });
});
