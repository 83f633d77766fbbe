import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackgroundJob } from '@cd/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { BackgroundTasksPanel } from './background-tasks-panel';
import { FakeEventSource, installFakeEventSource } from '../../test/fake-event-source';
import { job, mockJobsApi } from '../../test/jobs';
import { markLoggedIn } from '../../lib/login-state';
import { useEffect } from 'react';
import { JobEventsProvider, RESYNC, useJobEvents, type ServerEventName } from './use-job-events';

/** The panel as a user who left it open sees it (unless `leftOpen` says otherwise: null = never chosen). */
function renderPanel(
  list: BackgroundJob[],
  handlers: Parameters<typeof mockJobsApi>[0] = {},
  leftOpen: boolean | null = true,
) {
  if (leftOpen !== null) localStorage.setItem('cd.tasksPanelOpen', String(leftOpen));
  const api = mockJobsApi({ 'GET backgroundjobs': () => ({ body: { result: 'success', data: list } }), ...handlers });
  const onSync = vi.fn();
  renderScreen(
    <JobEventsProvider onSync={onSync}>
      <BackgroundTasksPanel />
    </JobEventsProvider>,
  );
  return { ...api, onSync };
}

const panel = () => screen.getByRole('region', { name: 'Background tasks' });
const row = (title: string) => within(panel()).getByRole('listitem', { name: title });

let clicked: string[];
beforeEach(() => {
  installFakeEventSource();
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => vi.restoreAllMocks());

describe('background-tasks panel', { timeout: 30_000 }, () => {
  it('is hidden without jobs, then shows "in progress / total" and collapses to its header', async () => {
    const user = userEvent.setup();
    const { calls } = renderPanel([]);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('backgroundjobs'));
    expect(screen.queryByRole('region', { name: 'Background tasks' })).toBeNull();

    act(() => {
      FakeEventSource.latest().emit('job', job({ title: 'Upload A' }));
      FakeEventSource.latest().emit('job', job({ title: 'Erase B', type: 'erase', status: 'done' }));
      FakeEventSource.latest().emit('job', job({ title: 'Download C', type: 'download', status: 'error' }));
    });
    expect(within(panel()).getByTestId('task-counts')).toHaveTextContent('1 in progress / 3');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(3);

    await user.click(within(panel()).getByRole('button', { name: 'Hide background tasks' }));
    await waitFor(() => expect(within(panel()).queryAllByRole('listitem')).toHaveLength(0));
    expect(within(panel()).getByTestId('task-counts')).toHaveTextContent('1 in progress / 3');
    await user.click(within(panel()).getByRole('button', { name: 'Show background tasks' }));
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('opens one stream with credentials and keeps the list current from job and job_deleted events', async () => {
    const first = job({ title: 'Upload A' });
    renderPanel([first]);
    expect(await screen.findByRole('listitem', { name: 'Upload A' })).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.latest().url).toBe('/v2/bck/events');
    expect(FakeEventSource.latest().withCredentials).toBe(true);

    act(() => FakeEventSource.latest().emit('job', { ...first, progress: { done: 40, total: 100 } }));
    expect(within(row('Upload A')).getByTestId('task-progress')).toHaveTextContent('40 / 100');
    act(() => FakeEventSource.latest().emit('job_deleted', { id: first.id }));
    expect(screen.queryByRole('region', { name: 'Background tasks' })).toBeNull();
  });

  it('cuts file names to 27 and restaurant ids to 12 characters, full text in a tooltip; shows the time', async () => {
    const user = userEvent.setup();
    const filename = 'spice_route_menu_for_november_2026.xlsx';
    renderPanel([job({ title: 'Upload A', filename, restId: 'fc-blr-atrium:spice_route' })]);
    const name = await within(await screen.findByRole('listitem', { name: 'Upload A' })).findByTestId('task-filename');
    expect(name).toHaveTextContent('spice_route_menu_for_novem…');
    expect(name.textContent).toHaveLength(27);
    expect(within(row('Upload A')).getByTestId('task-restid')).toHaveTextContent('fc-blr-atri…');
    expect(within(row('Upload A')).getByTestId('task-time')).toHaveTextContent('21-11-2026 03:05 PM');
    await user.hover(name);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(filename);
  });

  it('a running job shows a determinate bar (done / total), or an indeterminate one when the total is unknown', async () => {
    renderPanel([
      job({ title: 'Known', progress: { done: 250, total: 1000 } }),
      job({ title: 'Unknown', progress: { done: 0, total: 0 } }),
    ]);
    const known = await screen.findByRole('listitem', { name: 'Known' });
    const bar = within(known).getByRole('progressbar', { name: 'Progress of Known' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(within(known).getByTestId('task-progress')).toHaveTextContent('250 / 1000');
    const unknown = within(row('Unknown')).getByRole('progressbar');
    expect(unknown).not.toHaveAttribute('aria-valuenow');
    // Running jobs cannot be dismissed.
    expect(within(known).queryByRole('button', { name: /Dismiss/ })).toBeNull();
  });

  it('a download that turns done downloads its files 1.5 s apart; one found done does not', async () => {
    const running = job({ title: 'Menus', type: 'download', filename: 'a.xlsx' });
    const finished = job({ title: 'Old', type: 'download', status: 'done', filepath: ['old.xlsx'] });
    renderPanel([running, finished]);
    await screen.findByRole('listitem', { name: 'Menus' });
    expect(clicked).toEqual([]);

    vi.useFakeTimers();
    act(() =>
      FakeEventSource.latest().emit('job', {
        ...running,
        status: 'done',
        filepath: ['files/a.xlsx', 'files/b.xlsx', 'files/c.xlsx'],
      }),
    );
    const url = (index: number) => `/v2/bck/backgroundjob/file?job_id=${running.id}&index=${index}`;
    expect(clicked).toEqual([url(0)]);
    act(() => vi.advanceTimersByTime(1499));
    expect(clicked).toEqual([url(0)]);
    act(() => vi.advanceTimersByTime(1));
    expect(clicked).toEqual([url(0), url(1)]);
    act(() => vi.advanceTimersByTime(1500));
    expect(clicked).toEqual([url(0), url(1), url(2)]);

    // The same event again (a replay) downloads nothing more; the done row offers each file.
    act(() => FakeEventSource.latest().emit('job', { ...running, status: 'done', filepath: ['files/a.xlsx'] }));
    act(() => vi.advanceTimersByTime(5000));
    expect(clicked).toHaveLength(3);
    vi.useRealTimers();
    const links = within(row('Menus')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Download a.xlsx']);
    expect(within(row('Old')).getByRole('link', { name: 'Download old.xlsx' })).toHaveAttribute(
      'href',
      `/v2/bck/backgroundjob/file?job_id=${finished.id}&index=0`,
    );
  });

  it('shows each outcome: erase completed, upload failure with the error file, upload success, error title', async () => {
    const failed = job({ title: 'Bad upload', status: 'done', error_file: 'files/errors.xlsx', message: '2 rows' });
    renderPanel([
      job({ title: 'Erase', type: 'erase', status: 'done' }),
      failed,
      job({ title: 'Good upload', status: 'done', message: 'Updated 12 items' }),
      job({ title: 'Menu upload for Noodle House', status: 'error', message: 'Interrupted' }),
      job({ title: 'Menu clone into Noodle House', status: 'done', actionType: 'clone', message: 'Cloned 1 of 1' }),
    ]);
    expect(
      within(await screen.findByRole('listitem', { name: 'Erase' })).getByTestId('task-outcome'),
    ).toHaveTextContent('Completed');
    const bad = row('Bad upload');
    expect(within(bad).getByTestId('task-outcome')).toHaveTextContent('Upload failed');
    expect(within(bad).getByRole('link', { name: 'Download error file' })).toHaveAttribute(
      'href',
      `/v2/bck/backgroundjob/file?job_id=${failed.id}&index=0&kind=error`,
    );
    expect(within(row('Good upload')).getByTestId('task-outcome')).toHaveTextContent(
      'Upload successful — Updated 12 items',
    );
    // A menu clone says what it did, not "Upload successful" (issue 35).
    expect(within(row('Menu clone into Noodle House')).getByTestId('task-outcome')).toHaveTextContent(
      'Menu copied — Cloned 1 of 1',
    );
    expect(within(row('Menu upload for Noodle House')).getByTestId('task-outcome')).toHaveTextContent(
      'Failed: Menu upload for Noodle House — Interrupted',
    );
  });

  it('dismissing a finished task deletes it on the server and removes the row', async () => {
    const user = userEvent.setup();
    const erase = job({ title: 'Erase', type: 'erase', status: 'done', restId: 'fc-ldn-river:noodle_house' });
    const { calls } = renderPanel(
      [erase, job({ title: 'Running' })],
      { 'DELETE delete/backgroundjob': () => ({ body: { result: 'success' } }) },
      false,
    );
    // Tasks found on load do not open the panel.
    await user.click(await screen.findByRole('button', { name: 'Show background tasks' }));
    await user.click(await screen.findByRole('button', { name: 'Dismiss Erase' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Erase' })).toBeNull());
    const call = calls.find((c) => c.method === 'DELETE')!;
    expect(Object.fromEntries(call.query)).toEqual({
      job_type: 'erase',
      job_id: erase.id,
      rest_id: 'fc-ldn-river:noodle_house',
    });
    expect(within(panel()).getByTestId('task-counts')).toHaveTextContent('1 in progress / 1');
  });

  it('stays as the user left it across a reload, and opens by itself only when a task of this session changes', async () => {
    const user = userEvent.setup();
    const running = job({ title: 'Upload A' });
    renderPanel([running], {}, null);
    // Found on load: collapsed, as it was never opened.
    await screen.findByRole('region', { name: 'Background tasks' });
    expect(within(panel()).getByRole('button', { name: 'Show background tasks' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(within(panel()).getByRole('button', { name: 'Show background tasks' }));
    expect(localStorage.getItem('cd.tasksPanelOpen')).toBe('true');
    await user.click(within(panel()).getByRole('button', { name: 'Hide background tasks' }));
    expect(localStorage.getItem('cd.tasksPanelOpen')).toBe('false');

    // The task finishes during the session: the panel opens to say so.
    act(() => FakeEventSource.latest().emit('job', { ...running, status: 'done', type: 'erase' }));
    await waitFor(() => expect(within(panel()).getByRole('listitem', { name: 'Upload A' })).toBeInTheDocument());
  });

  it('names the restaurant by its name and dismisses every finished task at once', async () => {
    const user = userEvent.setup();
    markLoggedIn({
      name: 'Demo',
      userid: 'demo.admin',
      loc2fc2rest_details_map: {
        l: {
          location: 'l',
          name: 'L',
          foodcourts: {
            f: { foodcourt: 'f', name: 'F', restaurants: [{ restaurant: 'f:noodle', name: 'Noodle House' }] },
          },
        },
      },
    });
    const jobs = [
      job({ title: 'Erase', type: 'erase', status: 'done', restId: 'f:noodle' }),
      job({ title: 'Download', type: 'download', status: 'error' }),
      job({ title: 'Running' }),
    ];
    const { calls } = renderPanel(jobs, { 'DELETE delete/backgroundjob': () => ({ body: { result: 'success' } }) });
    expect(
      await within(await screen.findByRole('listitem', { name: 'Erase' })).findByTestId('task-restaurant'),
    ).toHaveTextContent('Noodle House');
    await user.click(screen.getByRole('button', { name: 'Dismiss all 2 finished' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Erase' })).toBeNull());
    expect(screen.queryByRole('listitem', { name: 'Download' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Running' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('feeds the sync time to the shell, and reads the list again when the browser gives up on the stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onSync, calls } = renderPanel([job({ title: 'A' })]);
    await screen.findByRole('listitem', { name: 'A' });
    act(() => FakeEventSource.latest().emit('sync', { last_bqsync_time: '2026-11-21T10:00:00.000Z' }));
    expect(onSync).toHaveBeenCalledWith('2026-11-21T10:00:00.000Z');

    const reads = () => calls.filter((c) => c.path === 'backgroundjobs').length;
    // Once subscribed, the list is read again: nothing changed between the first read and the stream is lost.
    const atStart = reads();
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(reads()).toBe(atStart + 1));
    const before = reads();
    // A passing failure: the browser reconnects by itself with Last-Event-ID; nothing to do.
    act(() => FakeEventSource.latest().fail(false));
    expect(reads()).toBe(before);
    // Closed: the list is read again and, after a pause, a new stream opened.
    act(() => FakeEventSource.latest().fail(true));
    await waitFor(() => expect(reads()).toBe(before + 1));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.latest().open());
    await waitFor(() => expect(reads()).toBe(before + 2));
  });

  it('tells sales and device listeners to read again when the stream comes back after a break', async () => {
    const heard: [ServerEventName, unknown][] = [];
    function Listener({ name }: { name: ServerEventName }) {
      const { subscribe } = useJobEvents();
      useEffect(() => subscribe(name, (data) => heard.push([name, data])), [subscribe, name]);
      return null;
    }
    mockJobsApi({ 'GET backgroundjobs': () => ({ body: { result: 'success', data: [] } }) });
    renderScreen(
      <JobEventsProvider>
        <Listener name="sales" />
        <Listener name="device" />
      </JobEventsProvider>,
    );
    // The first open is no break: nothing to read again.
    act(() => FakeEventSource.latest().open());
    act(() => FakeEventSource.latest().emit('sales', { restaurants: ['r1'] }));
    expect(heard).toEqual([['sales', { restaurants: ['r1'] }]]);
    // The browser resumes by itself (only job events are replayed): every listener hears RESYNC once.
    act(() => FakeEventSource.latest().fail(false));
    act(() => FakeEventSource.latest().open());
    expect(heard.slice(1)).toEqual([
      ['sales', RESYNC],
      ['device', RESYNC],
    ]);
  });
});
