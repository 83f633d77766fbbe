import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultFinePermissions, reportPermissionsByPage } from '@cd/core';
import { buildEditorGrants } from '../editor-grants';
import type { PermissionSetValue } from '../permission-set';
import { editorProfile } from '../../../test/fixtures';
import { setupUser } from '../../../test/user-events';
import { PermissionEditor } from './permission-editor';

const EMPTY: PermissionSetValue = { admin: false, pagepermissionaccess: [], permissions: [], read_only_access: [] };

function Harness({ initial = EMPTY, admin = true, onValue, reports }: Props) {
  const [value, setValue] = useState(initial);
  const grants = buildEditorGrants(
    editorProfile(admin ? {} : { admin: false, pagepermissionaccess: ['editMenu'], permissions: ['price'] }),
    undefined,
  );
  return (
    <PermissionEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      grants={grants}
      reportPermissions={reports}
    />
  );
}
type Props = {
  initial?: PermissionSetValue;
  admin?: boolean;
  onValue?: (v: PermissionSetValue) => void;
  reports?: ReturnType<typeof reportPermissionsByPage>;
};

describe('permission editor', { timeout: 60_000 }, () => {
  it('groups pages as the navigation does and ticks a page with its default fine permissions', async () => {
    const user = setupUser();
    let last = EMPTY;
    render(<Harness onValue={(v) => (last = v)} />);
    await user.click(screen.getByRole('button', { name: 'Show the pages of Menu Management' }));
    await user.click(screen.getByLabelText('Add/Edit Menu'));

    expect(last.pagepermissionaccess).toEqual(['editMenu']);
    expect(last.permissions.sort()).toEqual(defaultFinePermissions('editMenu').sort());
    expect(screen.getByLabelText('Edit prices')).toBeChecked();
    expect(screen.getByLabelText('Edit barcode')).toBeChecked();
    // Not a default: shown, not ticked, may be ticked now that the page is given.
    expect(screen.getByLabelText('Unit manager')).not.toBeChecked();
    expect(screen.getByLabelText('Unit manager')).toBeEnabled();
    // Another page's fine permissions stay off until their page is given.
    expect(screen.getByLabelText('Categories only')).toBeDisabled();
  });

  it('unticking a page takes its fine permissions and read-only mark with it', async () => {
    const user = setupUser();
    let last = EMPTY;
    render(
      <Harness
        initial={{ ...EMPTY, pagepermissionaccess: ['location'], permissions: ['add_location'], read_only_access: [] }}
        onValue={(v) => (last = v)}
      />,
    );
    await user.click(screen.getByLabelText('Organization read-only'));
    expect(last.read_only_access).toEqual(['location']);
    await user.click(screen.getByLabelText('Organization'));
    expect(last).toEqual(EMPTY);
  });

  it('a non-admin editor gives only what they hold', async () => {
    const user = setupUser();
    let last = EMPTY;
    render(<Harness admin={false} onValue={(v) => (last = v)} />);
    expect(screen.getByLabelText('Administrator')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Show the pages of Menu Management' }));
    expect(screen.getByLabelText('Allergens')).toBeDisabled();
    await user.click(screen.getByLabelText('Add/Edit Menu'));
    // Only the defaults the editor holds are pre-selected.
    expect(last.permissions).toEqual(['price']);
    expect(screen.getByLabelText('Edit taxation')).toBeDisabled();
  });

  it("offers the report keys of the clients' lists under their report page, labelled by the report", async () => {
    const user = setupUser();
    let last = EMPTY;
    const reports = reportPermissionsByPage([
      {
        reportListJSON: {
          generalReport: { daily_sales: { label: 'Daily sales' } },
          standardSalesReport: { sales_summary: { label: 'Sales summary' } },
        },
      },
      { reportListJSON: { generalReport: { daily_sales: { label: 'Daily sales' }, tax_summary: { label: 'Tax' } } } },
    ]);
    render(
      <Harness
        initial={{ ...EMPTY, pagepermissionaccess: ['generalReports'] }}
        reports={reports}
        onValue={(v) => (last = v)}
      />,
    );
    // Listed once although two clients list it; the sales report sits under its own page, not ticked there.
    expect(screen.getAllByLabelText('Report: Daily sales')).toHaveLength(1);
    expect(screen.getByLabelText('Report: Sales summary')).toBeDisabled();
    await user.click(screen.getByLabelText('Report: Daily sales'));
    expect(last.permissions).toEqual(['daily_sales']);
  });
});
