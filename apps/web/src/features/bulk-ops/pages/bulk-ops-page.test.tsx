import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { BackgroundTasksPanel, JobEventsProvider } from '../../background-tasks';
import { installFakeEventSource } from '../../../test/fake-event-source';
import { job, mockJobsApi } from '../../../test/jobs';
import { BulkOpsPage } from './bulk-ops-page';

vi.setConfig({ testTimeout: 30_000 });

const map = {
  'loc-blr': {
    location: 'loc-blr',
    name: 'Bengaluru',
    foodcourts: {
      'fc-blr-atrium': {
        foodcourt: 'fc-blr-atrium',
        name: 'Atrium',
        restaurants: [
          { restaurant: 'fc-blr-atrium:spice_route', name: 'Spice Route' },
          { restaurant: 'fc-blr-atrium:dosa_corner', name: 'Dosa Corner' },
        ],
      },
    },
  },
};

function renderPage(permissions: string[], handlers: Parameters<typeof mockJobsApi>[0] = {}, path = '/bulkops') {
  const profile = {
    userid: 'demo.user',
    name: 'Demo',
    client_list: [],
    loc2fc2rest_details_map: map,
    vendorextras: { admin: false, pagepermissionaccess: ['bulkops'], permissions },
  };
  const api = mockJobsApi({
    'POST vendor/details': () => ({ body: { result: 'success', ...profile } }),
    'GET backgroundjobs': () => ({ body: { result: 'success', data: [] } }),
    ...handlers,
  });
  renderScreen(
    <JobEventsProvider>
      <BulkOpsPage />
      <BackgroundTasksPanel />
    </JobEventsProvider>,
    { path, signedInAs: profile },
  );
  return api;
}

async function pickRestaurant(section: HTMLElement, name: string) {
  const user = userEvent.setup();
  await user.click(within(section).getByRole('combobox', { name: 'Restaurant' }));
  await user.click(await screen.findByRole('option', { name }));
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => installFakeEventSource());
afterEach(() => vi.restoreAllMocks());

describe('bulk operations page', () => {
  it('without fine permissions: download and menu upload only, no nutrition upload, no erase', async () => {
    renderPage([]);
    expect(await screen.findByRole('heading', { name: 'Menu Bulk Operations', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download menu' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Download template' })).toHaveAttribute(
      'href',
      '/v2/bck/download_template',
    );
    expect(screen.getByRole('button', { name: 'Upload menu' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Upload nutrition' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Erase a menu' })).toBeNull();
  });

  it('with bulk_nutrition_upload and erase_menu both show; the other path has its own title', async () => {
    renderPage(['bulk_nutrition_upload', 'erase_menu'], {}, '/bulk_operations');
    expect(await screen.findByRole('heading', { name: 'Bulk Operations', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload nutrition' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erase menu' })).toBeDisabled();
  });

  it('downloads the chosen restaurants, says it started and shows the job in the panel', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage([], {
      'POST bulk/download': () => ({
        body: { result: 'success', job: job({ type: 'download', title: 'Menu download (2 restaurants)' }) },
      }),
    });
    await user.click(await screen.findByRole('combobox', { name: /Restaurants/ }));
    const list = screen.getByRole('listbox');
    await user.click(within(list).getByRole('option', { name: 'Spice Route' }));
    await user.click(within(list).getByRole('option', { name: 'Dosa Corner' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Download menu' }));
    expect(await screen.findByText('Started — see Background tasks')).toBeInTheDocument();
    const body = calls.find((c) => c.path === 'bulk/download')!.body as Record<string, unknown>;
    expect(body.restaurant_list).toEqual(['fc-blr-atrium:dosa_corner', 'fc-blr-atrium:spice_route']);
    const panel = screen.getByRole('region', { name: 'Background tasks' });
    expect(within(panel).getByRole('listitem', { name: 'Menu download (2 restaurants)' })).toBeInTheDocument();
  });

  it('uploads one restaurant and an .xlsx file as multipart; other files are refused', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = renderPage(['bulk_nutrition_upload'], {
      'POST bulk/nutrition_upload': () => ({ body: { result: 'success', job: job({ title: 'Nutrition upload' }) } }),
    });
    const upload = await screen.findByRole('region', { name: 'Upload a menu' });
    await pickRestaurant(upload, 'Spice Route');
    await user.upload(within(upload).getByLabelText('Excel file (.xlsx)'), new File(['x'], 'menu.csv'));
    expect(within(upload).getByRole('alert')).toHaveTextContent('Choose an .xlsx workbook');
    expect(within(upload).getByRole('button', { name: 'Upload nutrition' })).toBeDisabled();

    await user.upload(within(upload).getByLabelText('Excel file (.xlsx)'), new File(['x'], 'menu.xlsx'));
    expect(within(upload).getByTestId('upload-file-name')).toHaveTextContent('menu.xlsx');
    await user.click(within(upload).getByRole('button', { name: 'Upload nutrition' }));
    expect(await screen.findByText('Started — see Background tasks')).toBeInTheDocument();
    const form = calls.find((c) => c.path === 'bulk/nutrition_upload')!.body as FormData;
    expect(form.get('restaurant')).toBe('fc-blr-atrium:spice_route');
    expect((form.get('file') as File).name).toBe('menu.xlsx');
    expect(within(upload).getByTestId('upload-file-name')).toHaveTextContent('No file chosen');
  });

  it('an upload the server refuses shows its message', async () => {
    const user = userEvent.setup();
    renderPage([], {
      'POST bulkupload/upload_bulkitems': () => ({
        status: 400,
        body: { result: 'failure', message: 'The file is not a workbook', extras: { code: '' } },
      }),
    });
    const upload = await screen.findByRole('region', { name: 'Upload a menu' });
    await pickRestaurant(upload, 'Dosa Corner');
    await user.upload(within(upload).getByLabelText('Excel file (.xlsx)'), new File(['x'], 'menu.xlsx'));
    await user.click(within(upload).getByRole('button', { name: 'Upload menu' }));
    expect(await screen.findByText('The file is not a workbook')).toBeInTheDocument();
  });

  it('erasing asks for the restaurant name before it calls bulk_action', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(['erase_menu'], {
      'POST bulk_action': () => ({ body: { result: 'success', job: job({ type: 'erase', title: 'Erase Spice' }) } }),
    });
    const erase = await screen.findByRole('region', { name: 'Erase a menu' });
    await pickRestaurant(erase, 'Spice Route');
    await user.click(within(erase).getByRole('button', { name: 'Erase menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase the menu of Spice Route?' });
    const confirm = within(dialog).getByRole('button', { name: 'Erase' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Restaurant name'), 'Spice Rout');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Restaurant name'), 'e');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = calls.find((c) => c.path === 'bulk_action')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ action: 'erase_menu', restaurant: 'fc-blr-atrium:spice_route', confirm: true });
    expect(await screen.findByText('Started — see Background tasks')).toBeInTheDocument();
    expect(section('Background tasks')).toHaveTextContent('Erase Spice');
  });

  it('tax & subsidy: counts the items of the category chosen and sends exactly them; no taxation without its permission', async () => {
    const user = userEvent.setup();
    const menu = {
      result: 'success',
      categories: [{ name: 'Drinks' }, { name: 'Mains' }],
      fooditems: [
        { foodid: 'chai', listofcategories: ['Drinks'] },
        { foodid: 'lassi', listofcategories: ['Drinks'] },
        { foodid: 'biryani', listofcategories: ['Mains'] },
      ],
    };
    const { calls } = renderPage(['taxation'], {
      'GET vendor/fooditem': () => ({ body: menu }),
      'POST update_fooditems_tax': () => ({
        body: { result: 'success', message: 'Taxation set on 2 item(s)', updated: 2, unchanged: 0 },
      }),
    });
    const tax = await screen.findByRole('region', { name: 'Tax & subsidy' });
    await pickRestaurant(tax, 'Spice Route');
    expect(await within(tax).findByRole('status')).toHaveTextContent('3 items will change');
    await user.click(within(tax).getByRole('combobox', { name: 'Items' }));
    await user.click(await screen.findByRole('option', { name: 'Category Drinks' }));
    expect(within(tax).getByRole('status')).toHaveTextContent('2 items will change');
    await user.type(within(tax).getByRole('textbox', { name: 'Taxation' }), 'GST 5%');
    await user.click(within(tax).getByRole('button', { name: 'Apply taxation' }));
    expect(await screen.findByText('Taxation set on 2 item(s) (0 already had it)')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'update_fooditems_tax')!.body).toMatchObject({
      restaurant: 'fc-blr-atrium:spice_route',
      foodids: ['chai', 'lassi'],
      taxation: 'GST 5%',
    });
  });

  it('tax & subsidy without the taxation permission offers the subsidy only', async () => {
    renderPage([]);
    const tax = await screen.findByRole('region', { name: 'Tax & subsidy' });
    expect(within(tax).queryByRole('textbox', { name: 'Taxation' })).toBeNull();
    expect(within(tax).getByRole('textbox', { name: 'Subsidy amount' })).toBeInTheDocument();
    expect(within(tax).getByRole('button', { name: 'Apply subsidy' })).toBeDisabled();
  });
});
