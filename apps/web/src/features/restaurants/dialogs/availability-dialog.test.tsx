import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AvailabilitySection } from '../sections/availability-section';
import { renderInForm } from '../testing/form-harness';
import { aRestaurant, bodiesSent, mockRestaurantApi } from '../testing/mock-restaurant-api';

const dialog = () => screen.getByRole('dialog', { name: 'Restaurant availability' });

describe('restaurant availability dialog (spec 001 §4.1, §5.1, §7)', { timeout: 60_000 }, () => {
  it('requires a message once days or dates are chosen: per field, plus the general message', async () => {
    const fetchMock = mockRestaurantApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<AvailabilitySection onStored={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(within(dialog()).getByText('Enter the message shown on closed days')).toBeInTheDocument();
    expect(
      within(dialog()).getByText('Enter a message for the chosen closed days and offline dates, or remove them'),
    ).toBeInTheDocument();
    expect(form.values().options.non_available_days).toEqual([]);

    // Adding: Save only puts the values into the form (nothing is sent).
    await user.type(within(dialog()).getByLabelText(/^Closed days message/), 'Closed on Sundays');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog', { name: 'Restaurant availability' })).not.toBeInTheDocument();
    expect(form.values().options).toMatchObject({
      non_available_days: ['sunday'],
      non_available_days_msg: 'Closed on Sundays',
    });
    expect(form.isDirty()).toBe(true);
    expect(bodiesSent(fetchMock, 'POST vendor/restaurantdaysavailability')).toHaveLength(0);
    expect(screen.getByText(/Closed days: Sunday — “Closed on Sundays”/)).toBeInTheDocument();
  });

  it('lists the weekdays Monday to Sunday', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInForm(<AvailabilitySection onStored={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    const days = within(dialog())
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')?.textContent);
    expect(days.slice(0, 8)).toEqual([
      'All',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('when editing, sends the settings update and shows the message for its code', async () => {
    const saved = aRestaurant({ version: 4 });
    const fetchMock = mockRestaurantApi({
      'POST vendor/restaurantdaysavailability': ({ body }) => ({
        body: {
          message: 'Availability updated',
          extras: { code: 'availabilityUpdated' },
          restaurant: { ...saved, version: 5, options: { ...saved.options, ...(body.settings as object) } },
        },
      }),
    });
    const stored: unknown[] = [];
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInForm(
      <AvailabilitySection
        saved={{ restaurant: 'fc-one:spice_route', version: 4 }}
        onStored={(values, restaurant) => stored.push({ values, version: restaurant.version })}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Monday' }));
    await user.type(within(dialog()).getByLabelText(/^Closed days message/), 'Closed Mondays');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Availability updated')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, 'POST vendor/restaurantdaysavailability')[0]).toMatchObject({
      action: 'update',
      restaurantid: 'fc-one:spice_route',
      version: 4,
      settings: {
        non_available_days: ['monday'],
        non_available_days_msg: 'Closed Mondays',
        non_available_dates: [],
        non_available_dates_msg: '',
      },
    });
    expect(stored).toEqual([
      {
        values: {
          non_available_days: ['monday'],
          non_available_days_msg: 'Closed Mondays',
          non_available_dates: [],
          non_available_dates_msg: '',
        },
        version: 5,
      },
    ]);
  });

  it('a failed update shows the translated message for its code, else the default failure text', async () => {
    let code = 'versionConflict';
    mockRestaurantApi({
      'POST vendor/restaurantdaysavailability': () => ({
        status: code === 'versionConflict' ? 409 : 500,
        body: { result: 'failure', message: 'x', extras: { code } },
      }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderInForm(
      <AvailabilitySection saved={{ restaurant: 'fc-one:spice_route', version: 4 }} onStored={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit availability' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this restaurant/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Got it' }));

    code = 'somethingOdd';
    const again = await screen.findByRole('dialog', { name: 'Restaurant availability' });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not update the availability. Please try again.')).toBeInTheDocument();
  });
});
