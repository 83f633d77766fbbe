import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserSites } from '@cd/core';
import { buildEditorGrants } from '../editor-grants';
import { EMPTY_SITES } from '../user-form-values';
import { editorProfile } from '../../../test/fixtures';
import { setupUser } from '../../../test/user-events';
import { SitesPicker } from './sites-picker';

function Harness({ onValue, ownSites }: { onValue: (v: UserSites) => void; ownSites?: UserSites }) {
  const [value, setValue] = useState<UserSites>(EMPTY_SITES);
  const grants = buildEditorGrants(editorProfile(ownSites ? { admin: false } : {}), ownSites);
  return (
    <SitesPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      tree={grants.siteTree}
      grants={grants}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const isMixed = (name: string) => box(name).getAttribute('data-indeterminate') === 'true';

describe('sites picker', { timeout: 60_000 }, () => {
  it('shows parents of a single restaurant as partly chosen', async () => {
    const user = setupUser();
    let last = EMPTY_SITES;
    render(<Harness onValue={(v) => (last = v)} />);
    await user.click(screen.getByRole('button', { name: 'Expand Bengaluru Tech Park' }));
    await user.click(screen.getByRole('button', { name: 'Expand Atrium Food Court' }));
    await user.click(box('Spice Route'));

    expect(last).toEqual({ locations: [], foodcourts: [], restaurants: ['fc-blr-atrium:spice-route'] });
    expect(box('Spice Route')).toBeChecked();
    expect(isMixed('Atrium Food Court')).toBe(true);
    expect(isMixed('Bengaluru Tech Park')).toBe(true);
    expect(box('Dosa Corner')).not.toBeChecked();
  });

  it('ticking a location gives the whole location; unticking one food court keeps the others', async () => {
    const user = setupUser();
    let last = EMPTY_SITES;
    render(<Harness onValue={(v) => (last = v)} />);
    await user.click(screen.getByRole('button', { name: 'Expand Bengaluru Tech Park' }));
    await user.click(screen.getByRole('button', { name: 'Expand Atrium Food Court' }));
    await user.click(box('Spice Route'));
    await user.click(box('Bengaluru Tech Park'));

    expect(last).toEqual({ locations: ['loc-bengaluru'], foodcourts: [], restaurants: [] });
    for (const name of ['Bengaluru Tech Park', 'Atrium Food Court', 'Tower B Canteen', 'Spice Route', 'Dosa Corner']) {
      expect(box(name)).toBeChecked();
    }
    expect(screen.getByText('all, including sites added later')).toBeInTheDocument();

    await user.click(box('Atrium Food Court'));
    expect(last).toEqual({ locations: [], foodcourts: ['fc-blr-tower-b'], restaurants: [] });
    expect(isMixed('Bengaluru Tech Park')).toBe(true);
    expect(box('Tower B Canteen')).toBeChecked();
    expect(box('Spice Route')).not.toBeChecked();

    await user.click(box('Bengaluru Tech Park'));
    await user.click(box('Bengaluru Tech Park'));
    expect(last).toEqual(EMPTY_SITES);
  });

  it('for an editor without the whole location, ticking it gives what they hold, part by part', async () => {
    const user = setupUser();
    let last = EMPTY_SITES;
    render(
      <Harness
        onValue={(v) => (last = v)}
        ownSites={{ locations: [], foodcourts: ['fc-blr-atrium'], restaurants: ['fc-blr-tower-b:daily-thali'] }}
      />,
    );
    await user.click(box('Bengaluru Tech Park'));
    expect(last).toEqual({ locations: [], foodcourts: ['fc-blr-atrium'], restaurants: ['fc-blr-tower-b:daily-thali'] });
    expect(box('Bengaluru Tech Park')).toBeChecked();
  });
});
