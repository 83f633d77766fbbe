import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { loadedTable } from '../../../test/tables';
import { setupUser } from '../../../test/user-events';
import { ADMIN, aLog, aPreview, DATE, dayendApi, openDay, RESTAURANT } from '../testing/dayend-api';
import { SapUploadPage } from './sap-upload-page';

const ROUTE = `/sapupload?restaurant=${encodeURIComponent(RESTAURANT)}`;
const renderPage = (route = ROUTE) => renderScreen(<SapUploadPage />, { path: '/sapupload', route, signedInAs: ADMIN });
const posts = (record: ReturnType<typeof dayendApi>['record'], path: string) =>
  record.filter((c) => c.method === 'POST' && c.path === path).map((c) => c.body as Record<string, unknown>);
const matched = () => aPreview({ unmatched: 0, lines: aPreview().lines.map((l) => ({ ...l, rule_id: 1 })) });
const closed = { state: 'closed' as const, blockers: [], version: 1 };

describe('SAP upload', { timeout: 60_000 }, () => {
  it('offers the newest closed day, shows its posting summary, uploads it and shows the answer', async () => {
    const { record } = dayendApi({ preview: matched(), day: openDay(closed) });
    const user = setupUser();
    renderPage();
    const chosen = await screen.findByRole('combobox', { name: 'Closed day' });
    await waitFor(() => expect(chosen).toHaveTextContent('02-03-2026'));
    const panel = await screen.findByRole('region', { name: 'Posting of the day' });
    expect(await within(panel).findByText('Debits equal credits: the posting balances.')).toBeVisible();
    expect(within(panel).getByLabelText('Posting summary')).toHaveTextContent(/Lines without a rule0/);

    await user.click(within(panel).getByRole('button', { name: 'Upload to SAP' }));
    await waitFor(() => expect(posts(record, 'sapupload')).toHaveLength(1));
    expect(posts(record, 'sapupload')[0]).toMatchObject({ restaurant: RESTAURANT, business_date: DATE });
    expect(await screen.findByText('Building the SAP posting of 02-03-2026')).toBeVisible();
  });

  it('keeps Upload off while lines have no rule', async () => {
    const { record } = dayendApi({ preview: aPreview(), day: openDay(closed) });
    renderPage(`${ROUTE}&date=${DATE}`);
    const panel = await screen.findByRole('region', { name: 'Posting of the day' });
    expect(await within(panel).findByText(/1 line has no rule/)).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Upload to SAP' })).toBeDisabled();
    expect(posts(record, 'sapupload')).toEqual([]);
  });

  it('says why an upload was refused, with the lines the server lists', async () => {
    dayendApi({
      preview: matched(),
      day: openDay(closed),
      reply: {
        upload: () => ({
          status: 400,
          body: {
            result: 'failure',
            message: '1 line has no posting rule',
            extras: { code: 'unmatchedLines', lines: [{ text: 'Tender card' }] },
          },
        }),
      },
    });
    const user = setupUser();
    renderPage(`${ROUTE}&date=${DATE}`);
    const panel = await screen.findByRole('region', { name: 'Posting of the day' });
    await user.click(await within(panel).findByRole('button', { name: 'Upload to SAP' }));
    const alert = await within(panel).findByText('Not uploaded');
    expect(alert.parentElement).toHaveTextContent(/1 line has no posting rule/);
    expect(within(panel).getByRole('listitem')).toHaveTextContent('Tender card');
  });

  it('lists the SAP log with status, attempts, files and error, and retries a failed posting', async () => {
    const failed = aLog({
      id: 6,
      status: 'failed',
      attempts: 3,
      files: [],
      sent_at: null,
      error: 'SFTP login refused',
      business_date: '2026-03-01',
    });
    const { record } = dayendApi({ logs: [aLog(), failed] });
    const user = setupUser();
    renderPage();
    const table = await loadedTable('SAP postings');
    const sent = within(table).getByRole('row', { name: /02-03-2026 Posting Sent 1/ });
    const link = within(sent).getByRole('link', { name: 'SAP_noodle-house_20260302_1.csv' });
    expect(link).toHaveAttribute('href', `/v2/bck/vendor/saplogs/5/file?name=SAP_noodle-house_20260302_1.csv`);
    expect(within(sent).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /01-03-2026 Posting Failed 3 .*SFTP login refused/ });
    await user.click(within(row).getByRole('button', { name: 'Retry posting 6 of 01-03-2026' }));
    await waitFor(() => expect(posts(record, 'vendor/saplogs/6/retry')).toHaveLength(1));
    expect(await screen.findByText('Delivering posting 6 again')).toBeVisible();
    const logs = record.filter((c) => c.path === 'vendor/saplogs').map((c) => Object.fromEntries(c.query));
    expect(logs[0]).toEqual({ restaurant: RESTAURANT });
  });
});
