import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markLoggedIn } from '../../../lib/login-state';
import { LockedFieldsProvider } from '../components/locked-context';
import { renderInForm } from '../testing/form-harness';
import { BasicDetailsSection } from './basic-details-section';

const editor = (permissions: string[]) =>
  markLoggedIn({ name: 'Editor', userid: 'rest.editor', vendorextras: { admin: false, permissions } });

describe('permission-labelled restaurant fields (spec 001 §6)', () => {
  it('are read-only on a stored restaurant for a user without their label, and say which permission they need', () => {
    editor(['fssai_no', 'admin_mailids', 'thumbnail', 'confirmation_message_dinein', 'rest_configured_session']);
    renderInForm(
      <LockedFieldsProvider editing>
        <BasicDetailsSection mode="edit" foodcourt="fc-one" clients={[]} foodcourts={[]} />
      </LockedFieldsProvider>,
    );
    const message = screen.getByLabelText(/Restaurant Not Available Message/i);
    expect(message).toHaveAttribute('readonly');
    expect(screen.getByText(/needs the rest_na_message permission/)).toBeInTheDocument();
    expect(screen.getByLabelText(/FSSAI/i)).not.toHaveAttribute('readonly');
  });

  it('are all editable when adding a restaurant', () => {
    editor([]);
    renderInForm(
      <LockedFieldsProvider editing={false}>
        <BasicDetailsSection mode="new" foodcourt="fc-one" clients={[]} foodcourts={[]} />
      </LockedFieldsProvider>,
    );
    expect(screen.getByLabelText(/Restaurant Not Available Message/i)).not.toHaveAttribute('readonly');
  });
});
