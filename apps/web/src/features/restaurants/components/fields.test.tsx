import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInForm } from '../testing/form-harness';
import { CancelThresholdField } from './cancel-threshold-field';
import { JsonBlobField } from './json-blob-field';

describe('cancel threshold (spec 001 §3.1, §5.1)', { timeout: 60_000 }, () => {
  it('is entered as days, hours and minutes and stored as minutes; no negatives', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<CancelThresholdField />, { options: { cancel_order_threshold: 1530 } });
    expect(screen.getByLabelText('Days')).toHaveValue(1);
    expect(screen.getByLabelText('Hours')).toHaveValue(1);
    expect(screen.getByLabelText('Minutes')).toHaveValue(30);

    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '2');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '-3');
    await user.clear(screen.getByLabelText('Minutes'));
    await user.type(screen.getByLabelText('Minutes'), '15');
    expect(screen.getByLabelText('Hours')).toHaveValue(3);
    expect(form.values().options.cancel_order_threshold).toBe(2 * 1440 + 3 * 60 + 15);
    expect(screen.getByText('= 3075 minutes')).toBeInTheDocument();
  });
});

describe('JSON settings (spec 001 §3.2)', { timeout: 60_000 }, () => {
  it('takes text that parses to an object, and keeps the last valid value while it does not', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(<JsonBlobField blob="labels" />);
    const box = screen.getByLabelText('Labels');
    await user.clear(box);
    await user.type(box, '{{"veg": "Green"}');
    expect(form.values().options.labels).toEqual({ veg: 'Green' });

    await user.type(box, ',');
    expect(screen.getByText(/^Not valid JSON/)).toBeInTheDocument();
    expect(form.values().options.labels).toEqual({ veg: 'Green' });

    fireEvent.change(box, { target: { value: '[1]' } });
    expect(screen.getByText('Enter a JSON object, e.g. {"key": "value"}')).toBeInTheDocument();
    expect(form.values().options.labels).toEqual({ veg: 'Green' });
  });
});
