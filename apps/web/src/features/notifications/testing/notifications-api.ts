import dayjs from 'dayjs';
import type { CustomerGroup, Notification as PushNotification, NotificationRun } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const AT = '2026-03-05T09:07:00.000Z';
/** 10 March 2026 at 12:00 local time, as the API writes it (ISO with the offset). */
export const SEND_AT = dayjs('2026-03-10T12:00:00').format();
/** Two weeks from now at 12:00 local time: a scheduled notification's first send. */
export const LATER = dayjs().add(14, 'day').hour(12).minute(0).second(0).millisecond(0).format();

export function aRun(overrides: Partial<NotificationRun> = {}): NotificationRun {
  return {
    id: 1,
    started_at: SEND_AT,
    finished_at: dayjs(SEND_AT).add(2, 'minute').format(),
    test: false,
    targeted: 1000,
    sent: 870,
    failed: 130,
    progress: 100,
    error: null,
    ...overrides,
  };
}

export function aNotification(overrides: Partial<PushNotification> = {}): PushNotification {
  return {
    id: 1,
    title: 'Lunch is served',
    body: 'Today: biryani at the Atrium',
    channels: ['push', 'in_app'],
    audience: 'sites',
    foodcourts: ['fc-blr-atrium'],
    groups: [],
    image: null,
    link: '',
    send_at: SEND_AT,
    recurrence: null,
    status: 'sent',
    next_run_at: null,
    last_run: aRun(),
    runs: 1,
    version: 3,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const aScheduled = (overrides: Partial<PushNotification> = {}) =>
  aNotification({
    id: 2,
    title: 'Weekend brunch',
    audience: 'groups',
    foodcourts: [],
    groups: [3],
    channels: ['email'],
    send_at: LATER,
    status: 'scheduled',
    next_run_at: LATER,
    last_run: null,
    runs: 0,
    version: 1,
    ...overrides,
  });

const aGroup = (id: number, name: string, member_count: number): CustomerGroup => ({
  id,
  name,
  description: '',
  kind: 'static',
  rule: null,
  member_count,
  refreshed_at: null,
  version: 1,
  updated_by: 'demo.admin',
  updated_at: AT,
});

export const GROUPS = [aGroup(2, 'Atrium regulars', 1000), aGroup(3, 'Loyal lunchers', 1250)];

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});

/** The notification endpoints (and the groups the form offers) as the server answers them. */
export function notificationsApi(options: { notifications?: PushNotification[]; runs?: NotificationRun[] } = {}) {
  let notifications = options.notifications ?? [
    aNotification(),
    aScheduled(),
    aNotification({
      id: 3,
      title: 'Menu launch',
      audience: 'everyone',
      foodcourts: [],
      status: 'draft',
      send_at: null,
      last_run: null,
      runs: 0,
      version: 1,
    }),
  ];
  const record: MockCall[] = [];
  const idOf = (path: string) => Number(path.split('/')[1]);
  const find = (path: string) => notifications.find((n) => n.id === idOf(path));

  const list = ({ query }: MockRequest): MockReply => {
    let rows = notifications;
    if (query.get('status')) rows = rows.filter((n) => n.status === query.get('status'));
    return { body: { notifications: rows, total: rows.length } };
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET notifications': list,
    'GET groups': () => ({ body: { groups: GROUPS, total: GROUPS.length } }),
    'POST notifications/audience': ({ body }) => ({
      body: { count: body.audience === 'everyone' ? 12345 : body.audience === 'groups' ? 1250 : 480 },
    }),
    'POST notifications': ({ body }) => {
      const notification = aNotification({
        ...(body as Partial<PushNotification>),
        id: 40,
        status: body.status as PushNotification['status'],
        last_run: null,
        runs: 0,
        version: 1,
      });
      notifications = [...notifications, notification];
      return { body: { message: 'Notification saved', notification } };
    },
  };
  for (const n of notifications) {
    const at = `notifications/${n.id}`;
    routes[`GET ${at}`] = ({ path }) => ({ body: { notification: find(path) } });
    routes[`PUT ${at}`] = ({ body, path }) => {
      const current = find(path)!;
      if (body.version !== current.version)
        return failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');
      const notification = { ...current, ...(body as Partial<PushNotification>), version: current.version + 1 };
      notifications = notifications.map((x) => (x.id === notification.id ? notification : x));
      return { body: { message: 'Notification saved', notification } };
    };
    routes[`POST ${at}/cancel`] = ({ body, path }) => {
      const current = find(path)!;
      if (body.version !== current.version)
        return failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');
      const notification = { ...current, status: 'cancelled' as const, version: current.version + 1 };
      notifications = notifications.map((x) => (x.id === notification.id ? notification : x));
      return { body: { message: 'Sending cancelled', notification } };
    };
    routes[`POST ${at}/test`] = () => ({
      body: { message: 'Test sent to demo.admin', run: aRun({ id: 99, test: true, targeted: 1, sent: 1, failed: 0 }) },
    });
    routes[`GET ${at}/runs`] = () => ({ body: { runs: options.runs ?? (n.last_run ? [n.last_run] : []) } });
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record };
}

/** The calls made to one method and path. */
export const callsTo = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path);

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  callsTo(record, method, path).map((c) => c.body as Record<string, unknown>);
