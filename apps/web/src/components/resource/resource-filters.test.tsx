import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE_TREE } from '../../test/fixtures';
import { renderScreen } from '../../test/render';
import { setupUser } from '../../test/user-events';
import { ChoiceFilter } from './choice-filter';
import { DetailFacts, DetailTable } from './detail-sections';
import { SiteFilter, type SiteValue } from './site-filter';

const SIGNED_IN = { name: 'Admin', userid: 'demo.admin', loc2fc2rest_details_map: SITE_TREE };

function Filters({ onChange }: { onChange: (value: unknown) => void }) {
  const [site, setSite] = useState<SiteValue>({});
  const [kind, setKind] = useState<'a' | 'b' | undefined>('a');
  return (
    <>
      <SiteFilter {...site} onChange={(v) => (setSite(v), onChange(v))} />
      <ChoiceFilter
        label="Kind"
        value={kind}
        values={['a', 'b'] as const}
        name={(v) => `Kind ${v.toUpperCase()}`}
        onChange={(v) => (setKind(v), onChange(v))}
      />
    </>
  );
}

describe('list filters of the frame', { timeout: 30_000 }, () => {
  it('choose a food court, then only its restaurants; All clears a choice', async () => {
    const changes: unknown[] = [];
    const user = setupUser();
    renderScreen(<Filters onChange={(v) => changes.push(v)} />, { signedInAs: SIGNED_IN });

    await user.click(screen.getByRole('combobox', { name: 'Food court' }));
    const courts = await screen.findByRole('listbox');
    expect(
      within(courts)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Atrium Food Court', 'Riverside Kitchen', 'Tower B Canteen']);
    await user.click(within(courts).getByRole('option', { name: 'Atrium Food Court' }));
    expect(changes.at(-1)).toEqual({ foodcourt: 'fc-blr-atrium', restaurant: undefined });

    await user.click(screen.getByRole('combobox', { name: 'Restaurant' }));
    const restaurants = await screen.findByRole('listbox');
    expect(
      within(restaurants)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dosa Corner', 'Spice Route']);
    await user.click(within(restaurants).getByRole('option', { name: 'Spice Route' }));
    expect(changes.at(-1)).toEqual({ foodcourt: 'fc-blr-atrium', restaurant: 'fc-blr-atrium:spice-route' });

    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Kind A');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    expect(changes.at(-1)).toBeUndefined();
  });

  it('detail sections: facts as a description list, a named table, an empty text', () => {
    renderScreen(
      <>
        <DetailFacts label="Summary" facts={[['Total', '£5.00']]} />
        <DetailTable
          title="Lines"
          rows={[{ id: 1, name: 'Tea' }]}
          rowKey={(r) => String(r.id)}
          columns={[{ header: 'Item', cell: (r) => r.name }]}
          empty="None"
        />
        <DetailTable title="Refunds" rows={[]} rowKey={() => ''} columns={[]} empty="No refunds." />
      </>,
    );
    expect(screen.getByRole('definition')).toHaveTextContent('£5.00');
    expect(screen.getByRole('term')).toHaveTextContent('Total');
    expect(within(screen.getByRole('table', { name: 'Lines' })).getByRole('row', { name: 'Tea' })).toBeVisible();
    expect(screen.getByText('No refunds.')).toBeVisible();
  });
});
