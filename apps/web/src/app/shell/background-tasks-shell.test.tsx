import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatSyncTime } from '../../lib/format';
import { FakeEventSource, installFakeEventSource } from '../../test/fake-event-source';
import { job } from '../../test/jobs';
import { profileAnswer, renderSignedIn, stubScreenWidth } from '../../test/render-app';

beforeEach(() => {
  stubScreenWidth(1280);
  installFakeEventSource();
});

describe('the shell and the job event stream', () => {
  it('opens one stream; its sync time shows in the top bar and its jobs in the background-tasks panel', async () => {
    renderSignedIn('/', {
      profile: profileAnswer({ admin: true }, { userid: 'demo.admin', name: 'Demo Admin' }),
      handlers: { backgroundjobs: () => ({ body: { result: 'success', data: [] } }) },
    });
    await screen.findByTestId('greeting');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(screen.queryByTestId('last-sync')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Background tasks' })).toBeNull();

    const time = '2026-11-21T09:30:00.000Z';
    act(() => FakeEventSource.latest().emit('sync', { last_bqsync_time: time }));
    expect(await screen.findByTestId('last-sync')).toHaveTextContent(formatSyncTime(time)!);

    act(() => FakeEventSource.latest().emit('job', job({ title: 'Menu upload for Spice Route' })));
    const panel = await screen.findByRole('region', { name: 'Background tasks' });
    expect(within(panel).getByTestId('task-counts')).toHaveTextContent('1 in progress / 1');
  });
});
