import dayjs from 'dayjs';
import type { Campaign, CampaignResults, CustomerGroup, Offer } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const AT = '2026-03-05T09:07:00.000Z';
/** 10 March 2026 at 09:00 local time, as the API writes it (ISO with the offset). */
export const SEND_AT = dayjs('2026-03-10T09:00:00').format();

export function aCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 1,
    name: 'Spring promo',
    channel: 'push',
    group_id: 2,
    group_name: 'Atrium regulars',
    offer_id: 7,
    offer_name: 'SPRING10',
    subject: '',
    message: 'Ten percent off your lunch this week with SPRING10',
    send_at: SEND_AT,
    control_pct: 10,
    status: 'sent',
    sent_at: SEND_AT,
    reached: 870,
    version: 3,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const aScheduled = (overrides: Partial<Campaign> = {}) =>
  aCampaign({
    id: 2,
    name: 'Weekend brunch',
    status: 'scheduled',
    sent_at: null,
    reached: 0,
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
const anOffer = (id: number, name: string, status: Offer['status']) => ({ id, name, status, trigger: 'code' }) as Offer;
export const OFFERS = [anOffer(7, 'SPRING10', 'active'), anOffer(8, 'OLD5', 'ended'), anOffer(9, 'NEXT15', 'draft')];

export const RESULTS: CampaignResults = {
  result: 'success',
  campaign_id: 1,
  status: 'sent',
  sent_at: SEND_AT,
  unreachable: 30,
  treatment: { members: 900, reached: 870, redeemed: 112, buyers: 300, revenue: 45000, revenue_per_member: 50 },
  control: { members: 100, reached: 0, redeemed: 0, buyers: 25, revenue: 3500, revenue_per_member: 35 },
  uplift_per_member: 15,
};

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});

/** The campaign endpoints (and the groups and offers the form offers) as the server answers them. */
export function campaignsApi(options: { campaigns?: Campaign[] } = {}) {
  let campaigns = options.campaigns ?? [
    aCampaign(),
    aScheduled(),
    aCampaign({
      id: 3,
      name: 'Menu launch',
      status: 'draft',
      send_at: null,
      sent_at: null,
      reached: 0,
      offer_id: null,
      offer_name: null,
      version: 1,
    }),
  ];
  const record: MockCall[] = [];
  const idOf = (path: string) => Number(path.split('/')[1]);

  const list = ({ query }: MockRequest): MockReply => {
    const size = Number(query.get('page_size') ?? 10);
    if (size > 10) return failure(400, 'page_size must be at most 10', 'badRequest');
    const search = query.get('search') ?? '';
    let rows = campaigns.filter(
      (c) => !search || String(c.id) === search || c.name.toLowerCase().includes(search.toLowerCase()),
    );
    if (query.get('status')) rows = rows.filter((c) => c.status === query.get('status'));
    const page = Number(query.get('page') ?? 1);
    return {
      body: { campaigns: rows.slice((page - 1) * size, page * size), total: rows.length, page, page_size: size },
    };
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET campaigns': list,
    'GET groups': () => ({ body: { groups: GROUPS, total: GROUPS.length } }),
    'GET offers': () => ({ body: { offers: OFFERS, total: OFFERS.length } }),
    'POST campaigns': ({ body }) => {
      const group = GROUPS.find((g) => g.id === body.group_id)!;
      const campaign = aCampaign({
        ...(body as Partial<Campaign>),
        id: 40,
        group_name: group.name,
        offer_name: null,
        status: body.send_at ? 'scheduled' : 'draft',
        sent_at: null,
        reached: 0,
        version: 1,
      });
      campaigns = [...campaigns, campaign];
      return { body: { message: 'Campaign added', campaign } };
    },
  };
  for (const c of campaigns) {
    routes[`POST campaigns/${c.id}/cancel`] = ({ body, path }) => {
      const current = campaigns.find((x) => x.id === idOf(path))!;
      if (body.version !== current.version)
        return failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');
      const campaign = { ...current, status: 'cancelled' as const, version: current.version + 1 };
      campaigns = campaigns.map((x) => (x.id === campaign.id ? campaign : x));
      return { body: { message: 'Campaign cancelled', campaign } };
    };
    routes[`PUT campaigns/${c.id}`] = ({ body, path }) => {
      const current = campaigns.find((x) => x.id === idOf(path))!;
      if (body.version !== current.version)
        return failure(409, 'Changed by other.admin since you opened it.', 'versionConflict');
      const campaign = { ...current, ...(body as Partial<Campaign>), version: current.version + 1 };
      campaigns = campaigns.map((x) => (x.id === campaign.id ? campaign : x));
      return { body: { message: 'Campaign saved', campaign } };
    };
    routes[`GET campaigns/${c.id}/results`] = () => ({ body: { ...RESULTS, campaign_id: c.id } });
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
