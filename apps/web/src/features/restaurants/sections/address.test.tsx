import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INDIAN_STATES_AND_UNION_TERRITORIES } from '@cd/core';
import { collectIssues, issueText } from '../form-validation';
import { newFormValues } from '../form-values';
import { i18n } from '../../../lib/i18n';
import { mockRestaurantApi } from '../testing/mock-restaurant-api';
import { renderInForm } from '../testing/form-harness';
import { BasicDetailsSection } from './basic-details-section';

const section = <BasicDetailsSection mode="new" foodcourt="fc-one" clients={[]} foodcourts={[]} />;

describe('the restaurant address (issue 36)', { timeout: 30_000 }, () => {
  it('chooses an Indian restaurant’s state from India’s states and union territories', async () => {
    mockRestaurantApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(section, { currency: 'INR' });
    await user.click(screen.getByRole('combobox', { name: /^State or union territory/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Not given', ...INDIAN_STATES_AND_UNION_TERRITORIES]);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Karnataka' }));
    expect(form.values().state).toBe('Karnataka');
  });

  it('takes the state as text elsewhere', async () => {
    mockRestaurantApi();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const form = renderInForm(section, { currency: 'GBP' });
    expect(screen.queryByRole('combobox', { name: /^State/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^State or region/ }), 'Greater London');
    expect(form.values().state).toBe('Greater London');
  });

  it('refuses a state outside the list for an Indian restaurant, as the API does', () => {
    const issues = collectIssues({ ...newFormValues('INR'), state: 'Bombay', pincode: '4000' });
    const state = issues.find((i) => i.field === 'state')!;
    expect(issueText(state, i18n.t)).toBe('Choose one of the states and union territories of India');
    expect(issues.map((i) => i.field)).toContain('pincode');
    expect(collectIssues({ ...newFormValues('GBP'), state: 'Bombay' }).map((i) => i.field)).not.toContain('state');
  });
});
