import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { newRestaurantDefaults } from '@cd/core';
import { hasUnsavedChanges } from '../../lib/unsaved-changes';
import { JSON_BLOBS } from './form-values';
import { sectionDomId, type RestaurantSectionId } from './sections';
import { aRestaurant, bodiesSent, mockRestaurantApi } from './testing/mock-restaurant-api';
import { renderForm } from './testing/render-form';

// The whole form is large: under jsdom a render takes seconds, and queries are kept to one section (a query
// over the whole document takes far longer).
const section = (id: RestaurantSectionId) => document.getElementById(sectionDomId(id))!;
const toolbar = () => document.querySelector('header')!;
const conflict = () => document.querySelector<HTMLElement>('[data-testid="restaurant-form-content"] > [role="alert"]');
const submitButton = () => [...toolbar().querySelectorAll('button')].find((b) => b.textContent === 'Submit')!;
const title = () => document.querySelector('header h1');
/** The open popup whose title is `name` (role queries over the whole form are slow under jsdom). */
const popup = (name: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) =>
      d.querySelector('h2')?.textContent?.includes(name),
    );
    if (!found) throw new Error(`no dialog ${name}`);
    return found;
  });
const basic = () => within(section('basic'));
// Fields are found by their data-field mark: label queries over this many fields are slow under jsdom.
const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;
const input = (name: string) => field(name).querySelector('input, textarea') as HTMLInputElement;
const fill = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const helper = (name: string) => field(name).querySelector('.MuiFormHelperText-root')?.textContent;

async function choose(user: ReturnType<typeof userEvent.setup>, name: string, option: RegExp) {
  await user.click(field(name).querySelector('[role="combobox"]')!);
  const listbox = await waitFor(() => document.querySelector('[role="listbox"]') as HTMLElement);
  await user.click(within(listbox).getByRole('option', { name: option }));
}

async function openNew() {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderForm();
  await waitFor(() => expect(title()).toHaveTextContent('create restaurant'));
  return { user, ...view };
}

describe('the restaurant form dialog', { timeout: 240_000 }, () => {
  it('saves nothing while a rule fails, shows each message under its field, then creates the restaurant', async () => {
    const fetchMock = mockRestaurantApi({
      'POST vendor/restaurant': ({ body }) => ({
        body: { message: 'Restaurant created', restaurant: aRestaurant({ ...(body as object), version: 1 }) },
      }),
    });
    const { user, onClose } = await openNew();
    expect(section('basic').querySelector('h2')).toHaveTextContent('Basic details');

    await user.click(submitButton());
    expect((await basic().findAllByText('This field is required')).length).toBeGreaterThanOrEqual(12);
    for (const name of ['restid', 'name', 'client', 'sitecode', 'fssai_no', 'cuisines', 'info_link'])
      expect(helper(name), name).toBe('This field is required');
    // The currency starts as the region's (India on the test host), so it asks for nothing.
    expect(helper('currency')).toBeUndefined();
    for (const name of ['description', 'rest_na_message', 'extradetails', 'status', 'type'])
      expect(helper(name), name).toBe('This field is required');
    expect(bodiesSent(fetchMock, 'POST vendor/restaurant')).toHaveLength(0);
    fill('restid', 'Spice_Route');
    fill('name', 'Spice Route');
    await choose(user, 'client', /^Acme/);
    await choose(user, 'status', /^Active/);
    await choose(user, 'type', /^CNC regular/);
    fill('sitecode', 'BLR01');
    await choose(user, 'currency', /^GBP/);
    fill('fssai_no', '12345678901234');
    fill('cuisines', 'Indian');
    fill('info_link', 'https://example.com');
    fill('description', 'North Indian');
    fill('rest_na_message', 'Closed');
    fill('extradetails', 'Ground floor');
    fill('admin_mailids', 'ops@example.com, not-an-address');
    // A JSON blob that does not parse blocks the save too.
    fireEvent.change(input('jsonDrafts.labels'), { target: { value: '{"veg":' } });

    await user.click(submitButton());
    await waitFor(() => expect(helper('admin_mailids')).toBe('Not an e-mail address: not-an-address'));
    expect(helper('jsonDrafts.labels')).toMatch(/^Not valid JSON/);
    expect(bodiesSent(fetchMock, 'POST vendor/restaurant')).toHaveLength(0);

    fill('admin_mailids', 'ops@example.com');
    fireEvent.change(input('jsonDrafts.labels'), { target: { value: '{"veg": "Green"}' } });
    await user.click(submitButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [sent] = bodiesSent(fetchMock, 'POST vendor/restaurant');
    expect(sent).toMatchObject({
      foodcourt: 'fc-one',
      restid: 'spice_route',
      name: 'Spice Route',
      client: 'acme',
      status: 'active',
      type: 'cnc_regular',
      currency: 'GBP',
      hasdinein: true,
      secondary_foodcourt: 'none',
      thumbnail: 'logos/comingsoon.jpg',
      delservingtime: '10:00-21:00',
      options: { genservingtime: '08:00-21:00', billingstarttime: '06:00', labels: { veg: 'Green' } },
    });
    expect(sent).not.toHaveProperty('jsonDrafts');
    expect(onClose.mock.calls[0]![0]).toMatchObject({ restaurant: 'fc-one:spice_route' });
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks before closing with unsaved changes; No keeps the form, Yes closes it and clears the flag', async () => {
    mockRestaurantApi();
    const { user, onClose } = await openNew();
    fill('name', 'Half typed');
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await user.click(toolbar().querySelector('button[aria-label="Close"]')!);
    const confirm = await popup('Discard changes?');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(input('name')).toHaveValue('Half typed');

    await user.click(toolbar().querySelector('button[aria-label="Close"]')!);
    await user.click(within(await popup('Discard changes?')).getByRole('button', { name: 'Yes' }));
    expect(onClose).toHaveBeenCalledWith(undefined);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('has a control for every field and option, and closes at once when nothing changed', async () => {
    mockRestaurantApi();
    const { user, onClose } = await openNew();
    const defaults = newRestaurantDefaults();
    const blobs: readonly string[] = JSON_BLOBS;
    const names = [
      ...Object.keys(defaults).filter((k) => k !== 'options'),
      ...Object.keys(defaults.options)
        .filter((k) => !['hidden_service_flags', 'parcel_charges'].includes(k))
        .map((k) => (blobs.includes(k) ? `jsonDrafts.${k}` : `options.${k}`)),
      'options.parcel_charges.enabled',
      'options.parcel_charges.modes',
    ];
    expect(names.filter((name) => !document.querySelector(`[data-field~="${name}"]`))).toEqual([]);
    expect(document.querySelectorAll('section[id^="restaurant-section-"]')).toHaveLength(13);
    await user.click(toolbar().querySelector('button[aria-label="Close"]')!);
    expect(onClose).toHaveBeenCalledWith(undefined);
  });

  it('edits a stored restaurant; on a version conflict nothing is overwritten and Reload takes the stored copy', async () => {
    let stored = aRestaurant({ version: 3, hasdelivery: true });
    let putStatus = 409;
    const fetchMock = mockRestaurantApi({
      'GET vendor/restaurant/fc-one:spice_route': () => ({ body: { restaurant: stored } }),
      'PUT vendor/restaurant/fc-one:spice_route': ({ body }) =>
        putStatus === 409
          ? {
              status: 409,
              body: {
                result: 'failure',
                message:
                  'Restaurant fc-one:spice_route was changed by demo.ops since you opened it. Reload to see the changes.',
                extras: { code: 'versionConflict', updated_by: 'demo.ops' },
              },
            }
          : { body: { message: 'Restaurant updated', restaurant: { ...stored, ...(body as object), version: 5 } } },
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { onClose } = renderForm({ mode: 'edit', restaurant: 'fc-one:spice_route' });
    await waitFor(() => expect(title()).toHaveTextContent('Edit restaurant Spice Route'));
    const when = dayjs('2026-03-04T10:15:00.000Z').format('DD-MM-YYYY HH:mm');
    expect(screen.getByTestId('last-changed')).toHaveTextContent(`Last changed by demo.admin at ${when}`);
    expect(input('restid')).toBeDisabled();
    expect(input('uniqueid')).toHaveValue('fc-one:spice_route');

    fill('name', 'Spice Route Express');
    await user.click(submitButton());
    await waitFor(() => expect(conflict()).toHaveTextContent(/was changed by demo.ops since you opened it/));
    expect(bodiesSent(fetchMock, 'PUT vendor/restaurant/fc-one:spice_route')[0]).toMatchObject({ version: 3 });
    expect(onClose).not.toHaveBeenCalled();
    expect(input('name')).toHaveValue('Spice Route Express');

    stored = aRestaurant({ version: 4, name: 'Spice Route (renamed)', updated_by: 'demo.ops' });
    putStatus = 200;
    await user.click(within(conflict()!).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(input('name')).toHaveValue('Spice Route (renamed)'));
    expect(conflict()).toBeNull();
    expect(screen.getByTestId('last-changed')).toHaveTextContent('Last changed by demo.ops');

    await user.click(submitButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetchMock, 'PUT vendor/restaurant/fc-one:spice_route')[1]).toMatchObject({
      version: 4,
      name: 'Spice Route (renamed)',
      foodcourt: 'fc-one',
    });
  });

  it('shows the issues of a 400 invalidRestaurant under their fields', async () => {
    const fetchMock = mockRestaurantApi({
      'GET vendor/restaurant/fc-one:spice_route': () => ({ body: { restaurant: aRestaurant() } }),
      'PUT vendor/restaurant/fc-one:spice_route': () => ({
        status: 400,
        body: {
          result: 'failure',
          message: 'client: Unknown client acme',
          extras: {
            code: 'invalidRestaurant',
            field: 'client',
            issues: [
              { field: 'client', key: 'restaurant.errors.unknownClientX', message: 'Unknown client acme' },
              { field: 'options.labels', key: 'restaurant.errors.x', message: 'Labels are too large' },
            ],
          },
        },
      }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { onClose } = renderForm({ mode: 'edit', restaurant: 'fc-one:spice_route' });
    await waitFor(() => expect(title()).toHaveTextContent('Edit restaurant Spice Route'));
    await user.click(submitButton());
    await waitFor(() => expect(helper('client')).toBe('Unknown client acme'));
    expect(helper('jsonDrafts.labels')).toBe('Labels are too large');
    expect(bodiesSent(fetchMock, 'PUT vendor/restaurant/fc-one:spice_route')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
