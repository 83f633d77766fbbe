import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { ADMIN, callsTo, documentsApi, sent } from '../testing/documents-api';
import { DocumentsPage } from './documents-page';

const renderPage = (route = '/general_pdf_documents') =>
  renderScreen(<DocumentsPage />, { path: '/general_pdf_documents', route, signedInAs: ADMIN });

const pdf = (name: string) => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

describe('PDF documents', { timeout: 60_000 }, () => {
  it('lists the documents with their site, expiry and state, and filters by category on the server', async () => {
    const { record } = documentsApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Documents');
    expect(
      within(table).getByRole('row', {
        name: /FSSAI licence Licence Atrium Food Court · Dosa Corner 31-03-2027 Valid 2/,
      }),
    ).toBeVisible();
    expect(within(table).getByRole('row', { name: /Lunch menu Menu Tower B Canteen — No file 0/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Fire safety certificate .* 31-01-2026 Expired/ })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Menu' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=menu'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /FSSAI licence/ })).not.toBeInTheDocument());
    expect(callsTo(record, 'GET', 'documents').at(-1)!.query.get('category')).toBe('menu');
  });

  it('refuses a document without title or site, then creates it and stays open on it for the upload', async () => {
    const { record } = documentsApi();
    const user = setupUser();
    const { router } = renderPage('/general_pdf_documents?action=new');
    const dialog = await screen.findByRole('dialog', { name: 'Add document' });
    expect(within(dialog).getByText('Save the document first; then upload its PDF here.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the title')).toBeVisible();
    expect(within(dialog).getByText('Choose the site')).toBeVisible();
    expect(callsTo(record, 'POST', 'documents')).toHaveLength(0);

    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Allergen sheet');
    await user.click(within(dialog).getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Policy' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Site/ }));
    await user.click(await screen.findByRole('option', { name: 'Atrium Food Court' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Restaurant/ }));
    await user.click(await screen.findByRole('option', { name: 'Spice Route' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /public/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent(record, 'POST', 'documents')).toHaveLength(1));
    expect(sent(record, 'POST', 'documents')[0]).toMatchObject({
      title: 'Allergen sheet',
      category: 'policy',
      foodcourt: 'fc-blr-atrium',
      restaurant: 'fc-blr-atrium:spice-route',
      expires_on: null,
      remind_days: 30,
      public: true,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?edit=40'));
    const edit = await screen.findByRole('dialog', { name: 'Edit Allergen sheet' });
    expect(within(edit).getByText('No file uploaded yet.')).toBeVisible();
    expect(within(edit).getByLabelText('Upload PDF')).toHaveAttribute('accept', 'application/pdf');
  });

  it('uploads a PDF as a new revision, shows the server refusing a fake one, and opens each revision', async () => {
    const { record } = documentsApi();
    const user = setupUser();
    renderPage('/general_pdf_documents?edit=1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit FSSAI licence' });
    expect(within(dialog).getByText('fssai-licence-2026.pdf · 250 KB · 3 pages')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/v2/bck/documents/1/file');
    const history = await within(dialog).findByRole('list', { name: 'Revisions' });
    expect(within(history).getByRole('link', { name: 'Open revision 1' })).toHaveAttribute(
      'href',
      '/v2/bck/documents/1/file?revision=1',
    );

    await user.upload(within(dialog).getByLabelText('Upload PDF'), pdf('fake.pdf'));
    expect(await within(dialog).findByText('The file is not a PDF document')).toBeVisible();

    await user.upload(within(dialog).getByLabelText('Upload PDF'), pdf('licence-2027.pdf'));
    await waitFor(() => expect(callsTo(record, 'POST', 'documents/1/file')).toHaveLength(2));
    const form = callsTo(record, 'POST', 'documents/1/file')[1]!.body as FormData;
    expect((form.get('file') as File).name).toBe('licence-2027.pdf');
    expect(await within(dialog).findByText(/licence-2027\.pdf · 1 KB · 1 page$/)).toBeVisible();
    expect(within(dialog).queryByText('The file is not a PDF document')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('link', { name: 'Open revision 3' })).toBeVisible());

    // The upload moved the version: a save after it names the new one.
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'FSSAI licence 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'documents/1')).toHaveLength(1));
    expect(sent(record, 'PUT', 'documents/1')[0]).toMatchObject({ title: 'FSSAI licence 2027', version: 5 });
  });

  it('shows a conflict when someone saved first', async () => {
    documentsApi();
    const user = setupUser();
    renderPage('/general_pdf_documents?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lunch menu' });
    await fetch('/v2/bck/documents/2', { method: 'PUT', body: JSON.stringify({ version: 1, title: 'Menu' }) });
    await fill(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Lunch menu (mine)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Changed by other.admin/)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Lunch menu (mine)');
  });
});
