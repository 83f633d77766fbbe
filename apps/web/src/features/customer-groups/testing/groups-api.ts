import type { Customer, CustomerGroup, GroupRule } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const AT = '2026-03-05T09:07:00.000Z';

export function aGroup(overrides: Partial<CustomerGroup> = {}): CustomerGroup {
  return {
    id: 1,
    name: 'Loyal lunchers',
    description: 'Imported from the loyalty desk',
    kind: 'static',
    rule: null,
    member_count: 1250,
    refreshed_at: null,
    version: 2,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const RULE: GroupRule = {
  foodcourts: ['fc-blr-atrium'],
  restaurants: [],
  days: 30,
  min_orders: 2,
  min_spend: 0,
  channels: ['app'],
};

export const aRuleGroup = (overrides: Partial<CustomerGroup> = {}) =>
  aGroup({
    id: 2,
    name: 'Atrium regulars',
    description: '',
    kind: 'rule',
    rule: RULE,
    member_count: 340,
    refreshed_at: '2026-03-06T04:30:00.000Z',
    version: 5,
    ...overrides,
  });

export function aMember(overrides: Partial<Customer> = {}): Customer {
  return {
    customer_ref: 'C-1001',
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+91 98450 00001',
    marketing_opt_in: true,
    ...overrides,
  };
}

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});

type Options = {
  groups?: CustomerGroup[];
  members?: Customer[];
  /** What POST /groups/count answers for a rule (default: 10 customers a day of the period). */
  count?: (rule: GroupRule) => number;
  /** Groups a campaign uses: their delete is refused with 409 groupInUse. */
  inUse?: number[];
};

/** The customer-group endpoints as the server answers them, keeping state between calls. */
export function groupsApi(options: Options = {}) {
  let groups = options.groups ?? [aGroup(), aRuleGroup()];
  const members = options.members ?? [
    aMember(),
    aMember({ customer_ref: 'C-1002', name: 'Ben Okafor', email: '', marketing_opt_in: false }),
  ];
  const count = options.count ?? ((rule: GroupRule) => rule.days * 10);
  const record: MockCall[] = [];
  const idOf = (path: string) => Number(path.split('/')[1]);
  const groupAt = (path: string) => groups.find((g) => g.id === idOf(path));

  const list = ({ query }: MockRequest) => {
    const search = (query.get('search') ?? '').toLowerCase();
    let rows = groups.filter((g) => !search || `${g.id} ${g.name}`.toLowerCase().includes(search));
    if (query.get('kind')) rows = rows.filter((g) => g.kind === query.get('kind'));
    const size = Number(query.get('page_size') ?? 25);
    const page = Number(query.get('page') ?? 1);
    return { body: { groups: rows.slice((page - 1) * size, page * size), total: rows.length, page, page_size: size } };
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET groups': list,
    'POST groups': ({ body }) => {
      const group = aGroup({ ...(body as Partial<CustomerGroup>), id: 9, member_count: 0, version: 1 });
      groups = [...groups, group];
      return { body: { message: 'Group added', group } };
    },
    'POST groups/count': ({ body }) => ({ body: { count: count(body.rule as GroupRule) } }),
  };
  for (const g of groups) {
    routes[`PUT groups/${g.id}`] = ({ body, path }) => {
      const current = groupAt(path)!;
      if (body.version !== current.version)
        return failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');
      const group = { ...current, ...(body as Partial<CustomerGroup>), version: current.version + 1 };
      groups = groups.map((x) => (x.id === group.id ? group : x));
      return { body: { message: 'Group saved', group } };
    };
    routes[`DELETE groups/${g.id}`] = ({ path }) => {
      if (options.inUse?.includes(idOf(path)))
        return failure(409, 'Campaign "Spring promo" uses this group; cancel or delete it first.', 'groupInUse');
      groups = groups.filter((x) => x.id !== idOf(path));
      return { body: { message: 'Group deleted' } };
    };
    routes[`GET groups/${g.id}/members`] = ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      const rows = members.filter((m) => !search || `${m.customer_ref} ${m.name}`.toLowerCase().includes(search));
      return { body: { members: rows, total: rows.length } };
    };
    routes[`POST groups/${g.id}/refresh`] = ({ path }) => {
      const current = groupAt(path)!;
      const group = {
        ...current,
        member_count: 412,
        refreshed_at: '2026-03-07T10:00:00.000Z',
        version: current.version + 1,
      };
      groups = groups.map((x) => (x.id === group.id ? group : x));
      return { body: { message: 'Group refreshed', group } };
    };
    routes[`POST groups/${g.id}/import`] = ({ path }) => {
      const current = groupAt(path)!;
      groups = groups.map((x) => (x.id === current.id ? { ...x, member_count: 1253 } : x));
      return {
        body: {
          message: 'Imported 3 of 5 rows',
          added: 3,
          removed: 0,
          member_count: 1253,
          errors: [
            { row: 4, message: 'customer_ref is empty' },
            { row: 6, message: 'email is not an e-mail address' },
          ],
        },
      };
    };
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record, groups: () => groups };
}

/** The calls made to one method and path. */
export const callsTo = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path);

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  callsTo(record, method, path).map((c) => c.body as Record<string, unknown>);
