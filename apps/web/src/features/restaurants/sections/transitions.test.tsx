import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SERVICE_FLAGS } from '@cd/core';
import { mockRestaurantApi } from '../testing/mock-restaurant-api';
import { renderInForm } from '../testing/form-harness';
import { AvailabilitySection } from './availability-section';
import { BasicDetailsSection } from './basic-details-section';
import { FlowsSection } from './flows-section';
import { MenuImagesSection } from './menu-images-section';
import { OrderingSection } from './ordering-section';
import { PricingSection } from './pricing-section';

const clients = [
  { client: 'acme', name: 'Acme' },
  { client: 'smartq', name: 'SmartQ' },
];

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('the form applies the transitions of spec 001 §4.1', { timeout: 30_000 }, () => {
  it('changing client resets status and type; smartq hides them', async () => {
    mockRestaurantApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<BasicDetailsSection mode="new" foodcourt="fc-one" clients={clients} foodcourts={[]} />, {
      client: 'acme',
      status: 'active',
      type: 'mis',
    });
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Active');
    await choose(user, /^Client/, 'SmartQ');
    expect(form.values()).toMatchObject({ client: 'smartq', status: '', type: '' });
    expect(screen.queryByRole('combobox', { name: /^Status/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Type/ })).not.toBeInTheDocument();
    await choose(user, /^Client/, 'Acme');
    expect(screen.getByRole('combobox', { name: /^Status/ })).not.toHaveTextContent('Active');
    expect(form.isDirty()).toBe(true);
  });

  it('lowercases restid as typed and shows the unique id once it is valid', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<BasicDetailsSection mode="new" foodcourt="fc-one" clients={clients} foodcourts={[]} />);
    const uniqueid = screen.getByLabelText('Unique ID');
    await user.type(screen.getByLabelText(/^Restaurant ID/), '_Spice');
    expect(form.values().restid).toBe('_spice');
    expect(uniqueid).toHaveValue('');
    await user.clear(screen.getByLabelText(/^Restaurant ID/));
    await user.type(screen.getByLabelText(/^Restaurant ID/), 'Spice_Route');
    expect(form.values().restid).toBe('spice_route');
    expect(uniqueid).toHaveValue('fc-one:spice_route');
  });

  it('restid is read-only when editing', () => {
    renderInForm(<BasicDetailsSection mode="edit" foodcourt="fc-one" clients={clients} foodcourts={[]} />, {
      restid: 'spice_route',
    });
    expect(screen.getByLabelText(/^Restaurant ID/)).toBeDisabled();
    expect(screen.getByLabelText('Unique ID')).toHaveValue('fc-one:spice_route');
  });

  it('ticking non-veg sets the veg flag to B, unticking to V', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<MenuImagesSection foodcourt="fc-one" paths={[]} />);
    expect(screen.getByRole('switch', { name: 'Veg' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Veg' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Serves non-veg' }));
    expect(form.values()).toMatchObject({ nonvegflag: true, vegflag: 'B' });
    expect(screen.getByLabelText('Veg flag')).toHaveValue('B (veg and non-veg)');
    await user.click(screen.getByRole('switch', { name: 'Serves non-veg' }));
    expect(form.values()).toMatchObject({ nonvegflag: false, vegflag: 'V' });
  });

  it('carry-forward and nullify stock exclude each other; auto cut-off follows auto status', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<OrderingSection />);
    const carry = screen.getByRole('switch', { name: 'Carry forward stock' });
    const nullify = screen.getByRole('switch', { name: 'Nullify stock' });
    await user.click(carry);
    expect(carry).toBeChecked();
    await user.click(nullify);
    expect(nullify).toBeChecked();
    expect(carry).not.toBeChecked();
    expect(form.values().options).toMatchObject({ carryforward_stock: false, nullify_stock: true });

    const cutoff = screen.getByLabelText('Auto cut-off time (minutes)');
    expect(cutoff).toBeDisabled();
    expect(cutoff).toHaveValue(180);
    await choose(user, /^Auto status/, 'Collect');
    expect(cutoff).toBeEnabled();
    await choose(user, /^Auto status/, 'Disabled');
    expect(cutoff).toBeDisabled();
  });

  it('enabling parcel charge resets the modes; choosing modes enables it', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<PricingSection />, {
      options: { parcel_charges: { enabled: false, modes: [] } },
    });
    await user.click(screen.getByRole('combobox', { name: /Parcel charge modes/ }));
    await user.click(screen.getByRole('option', { name: 'Takeaway' }));
    await user.keyboard('{Escape}');
    expect(form.values().options.parcel_charges).toEqual({ enabled: true, modes: ['takeaway'] });
    const parcel = screen.getByRole('switch', { name: 'Parcel charge' });
    expect(parcel).toBeChecked();
    await user.click(parcel);
    await user.click(parcel);
    expect(form.values().options.parcel_charges).toEqual({ enabled: true, modes: [] });
  });

  it('hiding saves and clears the service flags, unhiding restores them; a flag turned on un-hides', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(
      <>
        <FlowsSection />
        <AvailabilitySection onStored={() => undefined} />
      </>,
      { hasdinein: true, preorder: true, isbuffet: false },
    );
    const hide = screen.getByRole('switch', { name: 'Hide restaurant' });
    await user.click(hide);
    for (const flag of SERVICE_FLAGS) expect(form.values()[flag]).toBe(false);
    expect(screen.getByRole('switch', { name: 'Dine in' })).not.toBeChecked();
    await user.click(hide);
    expect(form.values()).toMatchObject({ hasdinein: true, preorder: true, isbuffet: false });

    await user.click(hide);
    await user.click(screen.getByRole('switch', { name: 'Buffet' }));
    expect(hide).not.toBeChecked();
    expect(form.values()).toMatchObject({ isbuffet: true, hasdinein: false });
    expect(form.values().options.hide_restaurant).toBe(false);
  });
});
