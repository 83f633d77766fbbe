import type { LedgerEntry, LoyaltyMember, LoyaltyProgram, LoyaltyReward } from '@cd/core';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import { HISTORY, ITEMS, MEMBERS, PROGRAMS, REWARDS, anEntry } from './fixtures';

export * from './fixtures';

type Options = { programs?: LoyaltyProgram[]; rewards?: LoyaltyReward[]; members?: LoyaltyMember[] };

/** The loyalty endpoints (programs, members and their ledger, adjust, rewards) and the pickers', with state. */
export function loyaltyApi(options: Options = {}) {
  let programs = options.programs ?? PROGRAMS;
  let rewards = options.rewards ?? REWARDS;
  let members = options.members ?? MEMBERS;
  let history: LedgerEntry[] = HISTORY;
  const record: MockCall[] = [];

  const page = <T>(rows: T[], query: URLSearchParams) => {
    const size = Number(query.get('page_size') ?? 25);
    const at = Number(query.get('page') ?? 1);
    return rows.slice((at - 1) * size, at * size);
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET loyalty/programs': ({ query }) => {
      let rows = programs;
      for (const key of ['kind', 'status'] as const) {
        const want = query.get(key);
        if (want) rows = rows.filter((p) => p[key] === want);
      }
      const search = (query.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((p) => p.name.toLowerCase().includes(search));
      return { body: { programs: page(rows, query), total: rows.length } };
    },
    'POST loyalty/programs': ({ body }) => {
      const program = { ...PROGRAMS[0]!, ...(body as Partial<LoyaltyProgram>), id: 20, members: 0, outstanding: 0 };
      programs = [...programs, program];
      return { body: { message: 'Program added', program } };
    },
    'GET loyalty/rewards': ({ query }) => {
      const id = query.get('program_id');
      const rows = id ? rewards.filter((r) => r.program_id === Number(id)) : rewards;
      return { body: { rewards: page(rows, query), total: rows.length } };
    },
    'POST loyalty/rewards': ({ body }) => {
      const program = programs.find((p) => p.id === body.program_id);
      const reward = {
        ...REWARDS[0]!,
        ...(body as Partial<LoyaltyReward>),
        id: 20,
        program_name: program?.name ?? '',
        redeemed: 0,
      };
      rewards = [...rewards, reward];
      return { body: { message: 'Reward added', reward } };
    },
    'GET marketing/items': ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      return { body: { items: ITEMS.filter((i) => i.name.toLowerCase().includes(search)) } };
    },
    'GET groups': () => ({
      body: {
        groups: [
          { id: 1, name: 'Regulars', description: '', kind: 'rule', rule: null, member_count: 120, refreshed_at: null },
          { id: 2, name: 'Staff', description: '', kind: 'static', rule: null, member_count: 40, refreshed_at: null },
        ],
        total: 2,
      },
    }),
  };

  for (const p of programs) {
    routes[`PUT loyalty/programs/${p.id}`] = ({ body }) => {
      const program = { ...programs.find((x) => x.id === p.id)!, ...(body as Partial<LoyaltyProgram>) };
      program.version += 1;
      programs = programs.map((x) => (x.id === p.id ? program : x));
      return { body: { message: 'Program saved', program } };
    };
    routes[`GET loyalty/programs/${p.id}/members`] = ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      let rows = members.filter(
        (m) => !search || m.customer_ref.toLowerCase().includes(search) || m.name.toLowerCase().includes(search),
      );
      const sort = query.get('sort') as 'customer_ref' | 'balance' | 'last_activity' | null;
      if (sort) {
        const sign = query.get('order') === 'desc' ? -1 : 1;
        rows = [...rows].sort((a, b) => (a[sort] < b[sort] ? -sign : a[sort] > b[sort] ? sign : 0));
      }
      return { body: { members: page(rows, query), total: rows.length } };
    };
    for (const m of members.slice(0, 3)) {
      const path = `loyalty/programs/${p.id}/members/${m.customer_ref}`;
      routes[`GET ${path}`] = () => ({
        body: { member: members.find((x) => x.customer_ref === m.customer_ref), entries: history },
      });
      routes[`POST ${path}/adjust`] = ({ body }) => {
        const points = Number(body.points);
        const entry = anEntry({
          id: history.length + 1,
          entry_type: 'adjust',
          points,
          order_id: null,
          order_number: null,
          reason: String(body.reason),
          actor: 'demo.marketer',
          created_at: '2026-03-06T10:00:00.000Z',
        });
        history = [entry, ...history];
        members = members.map((x) => (x.customer_ref === m.customer_ref ? { ...x, balance: x.balance + points } : x));
        const member = members.find((x) => x.customer_ref === m.customer_ref)!;
        return { body: { message: `Balance of ${m.customer_ref} adjusted`, member } };
      };
    }
  }
  for (const r of rewards) {
    routes[`PUT loyalty/rewards/${r.id}`] = ({ body }) => {
      const reward = { ...rewards.find((x) => x.id === r.id)!, ...(body as Partial<LoyaltyReward>) };
      reward.version += 1;
      rewards = rewards.map((x) => (x.id === r.id ? reward : x));
      return { body: { message: 'Reward saved', reward } };
    };
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record };
}

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);

/** The queries of the GET calls to one path, in order. */
export const queriesOf = (record: MockCall[], path: string) =>
  record.filter((c) => c.method === 'GET' && c.path === path).map((c) => c.query);
