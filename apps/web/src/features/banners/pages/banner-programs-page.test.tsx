import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { fill, setupUser } from '../../../test/user-events';
import { BANNER_EDIT_PERMISSION } from '@cd/core';
import { ADMIN, bannersApi, marketer, queriesOf, sent } from '../testing/banners-api';
import { BannerProgramsPage } from './banner-programs-page';

const renderPage = (route = '/bannerPrograms', signedInAs: typeof ADMIN | ReturnType<typeof marketer> = ADMIN) =>
  renderScreen(<BannerProgramsPage />, { path: '/bannerPrograms', route, signedInAs });

describe('Banner programs', { timeout: 90_000 }, () => {
  it('lists the programs with slot, sites, channels, status, "Live now" and banners, filtered by slot', async () => {
    const { record } = bannersApi();
    const user = setupUser();
    const { router } = renderPage();
    const table = await loadedTable('Banner programs');
    const summer = within(table).getByRole('row', { name: /Summer menu/ });
    expect(summer).toHaveTextContent('App home');
    expect(summer).toHaveTextContent('Atrium Food Court');
    expect(summer).toHaveTextContent('App, Web');
    expect(summer).toHaveTextContent('Active');
    expect(summer).toHaveTextContent('Live now');
    expect(within(summer).getByRole('cell', { name: '3' })).toBeVisible();
    const kiosk = within(table).getByRole('row', { name: /Kiosk welcome/ });
    expect(kiosk).toHaveTextContent('Kiosk idle');
    expect(kiosk).toHaveTextContent('All sites');
    expect(kiosk).not.toHaveTextContent('Live now');
    const diwali = within(table).getByRole('row', { name: /Diwali specials/ });
    expect(diwali).toHaveTextContent('Paused');
    expect(diwali).not.toHaveTextContent('Live now');
    expect(screen.getByRole('button', { name: 'Add program' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Delete Summer menu' })).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Slot' }));
    await user.click(await screen.findByRole('option', { name: 'Menu top' }));
    await waitFor(() => expect(router.state.location.search).toBe('?slot=menu_top'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Summer menu/ })).not.toBeInTheDocument());
    expect(queriesOf(record, 'banner-programs').at(-1)!.get('slot')).toBe('menu_top');
  });

  it('refuses a program without a name, or active without banners, with the contract messages', async () => {
    const { record } = bannersApi();
    const user = setupUser();
    renderPage('/bannerPrograms?action=new');
    const drawer = await screen.findByRole('dialog', { name: 'Add banner program' });
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter the program name')).toBeVisible();

    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Breakfast');
    await user.click(within(drawer).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'App' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Web' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Add a banner before making the program active')).toBeVisible();
    expect(within(drawer).getByText('Choose at least one channel')).toBeVisible();
    expect(sent(record, 'POST', 'banner-programs')).toHaveLength(0);

    // Add banner: the chooser of the banners' library; the chosen picture becomes banner 1.
    await user.click(within(drawer).getByRole('checkbox', { name: 'Kiosk' }));
    const add = within(drawer).getByRole('group', { name: 'Add banner' });
    await user.click(within(add).getByRole('button', { name: 'Choose media' }));
    const chooser = await screen.findByRole('dialog', { name: 'Add banner' });
    await user.click(await within(chooser).findByRole('button', { name: 'paneer.png' }));
    await user.click(within(chooser).getByRole('button', { name: 'Save' }));
    const first = await within(drawer).findByRole('group', { name: 'Banner 1' });
    await fill(user, within(first).getByRole('textbox', { name: 'Alt text' }), 'Paneer tikka');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'POST', 'banner-programs')).toHaveLength(1));
    const body = sent(record, 'POST', 'banner-programs')[0]!;
    expect(body).toMatchObject({
      name: 'Breakfast',
      status: 'active',
      slot: 'app_home',
      channels: ['kiosk'],
      foodcourts: [],
      banners: [
        {
          media: '/files/media/banners/paneer.png',
          media_type: 'image',
          alt: 'Paneer tikka',
          link_type: 'none',
          link: '',
          seconds: 6,
        },
      ],
    });
    expect((body.banners as { id: string }[])[0]!.id).toMatch(/^[0-9a-f-]{8}$/);
  });

  it('reorders banners with Move up, refuses an unsafe link, then saves the new order with the version', async () => {
    const { record } = bannersApi();
    const user = setupUser();
    renderPage('/bannerPrograms?edit=1');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Summer menu' });
    expect(within(drawer).getByRole('button', { name: 'Drag Mango lassi' })).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Drag Banner 3' })).toBeVisible();

    await user.click(
      within(within(drawer).getByRole('group', { name: 'Banner 2' })).getByRole('button', { name: 'Move up' }),
    );
    expect(
      within(within(drawer).getByRole('group', { name: 'Banner 1' })).getByRole('textbox', { name: 'Alt text' }),
    ).toHaveValue('Thali');
    const third = within(drawer).getByRole('group', { name: 'Banner 3' });
    await fill(user, within(third).getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(third).findByText('Use a web address starting with https://')).toBeVisible();
    expect(sent(record, 'PUT', 'banner-programs/1')).toHaveLength(0);

    await fill(user, within(third).getByRole('textbox', { name: 'Link' }), 'https://example.com/new');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(record, 'PUT', 'banner-programs/1')).toHaveLength(1));
    const body = sent(record, 'PUT', 'banner-programs/1')[0]!;
    expect(body.version).toBe(4);
    expect((body.banners as { id: string }[]).map((b) => b.id)).toEqual(['b2', 'b1', 'b3']);
    expect((body.banners as { link: string }[])[2]!.link).toBe('https://example.com/new');
  });

  it('shows a version conflict and keeps the edits on screen', async () => {
    bannersApi({ conflictOn: 1 });
    const user = setupUser();
    renderPage('/bannerPrograms?edit=1');
    const drawer = await screen.findByRole('dialog', { name: 'Edit Summer menu' });
    await fill(user, within(drawer).getByRole('textbox', { name: 'Name' }), 'Summer menu 2');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(/changed by other.admin/)).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(within(drawer).getByRole('textbox', { name: 'Name' })).toHaveValue('Summer menu 2');
  });

  it('is read only without banner_editProgramAccess, and the preview still steps through the banners', async () => {
    bannersApi();
    const user = setupUser();
    renderPage('/bannerPrograms', marketer());
    const table = await loadedTable('Banner programs');
    expect(screen.queryByRole('button', { name: 'Add program' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'View Summer menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Summer menu' });
    expect(within(drawer).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(drawer).queryByRole('group', { name: 'Add banner' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Move up' })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Preview of Summer menu' });
    const shape = within(preview).getByRole('region', { name: 'App home preview' });
    expect(shape).toHaveAttribute('data-width', '520');
    expect(shape).toHaveAttribute('data-height', '260');
    expect(within(preview).getByText('1 / 3')).toBeVisible();
    expect(within(shape).getByRole('img', { name: 'Mango lassi' })).toBeVisible();
    expect(within(preview).getByText(/Shows for 5 seconds/)).toBeVisible();
    await user.click(within(preview).getByRole('button', { name: 'Next' }));
    expect(within(preview).getByText('2 / 3')).toBeVisible();
    expect(within(shape).getByRole('img', { name: 'Thali' })).toBeVisible();
    await user.click(within(preview).getByRole('button', { name: 'Previous' }));
    await user.click(within(preview).getByRole('button', { name: 'Previous' }));
    expect(within(preview).getByText('3 / 3')).toBeVisible();
  });

  it('lets a holder of banner_editProgramAccess add and delete', async () => {
    bannersApi();
    renderPage('/bannerPrograms', marketer([BANNER_EDIT_PERMISSION]));
    const table = await loadedTable('Banner programs');
    expect(screen.getByRole('button', { name: 'Add program' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Edit Summer menu' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Delete Summer menu' })).toBeVisible();
  });
});
