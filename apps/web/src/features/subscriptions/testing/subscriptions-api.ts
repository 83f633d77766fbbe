import type { Subscription, SubscriptionPlan } from '@cd/core';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import { aPlan, aSubscription, MEMBERS, PLANS } from './fixtures';

export * from './fixtures';

type Options = {
  plans?: SubscriptionPlan[];
  members?: Subscription[];
  /** Restaurants that do not offer subscriptions: a plan for one is refused (400 subscriptionNotEnabled). */
  notEnabled?: Record<string, string>;
  /** Local time the restaurant's deadline has passed for every change from a day before this one. */
  changesOpenFrom?: string;
  /** Subscriptions someone else changes just before the first change posted here (409 versionConflict). */
  changedElsewhere?: number[];
};

const failure = (status: number, code: string, message: string, extras: Record<string, unknown> = {}): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code, ...extras } },
});

const dmy = (iso: string) => iso.split('-').reverse().join('-');

/** The subscription plans, members, enrol and change endpoints as the server answers them, with state. */
export function subscriptionsApi(options: Options = {}) {
  let plans = options.plans ?? PLANS;
  let members = options.members ?? MEMBERS;
  const record: MockCall[] = [];
  const changedElsewhere = new Set<number>();
  const idOf = (path: string) => Number(path.split('/')[1]);

  const listPlans = ({ query }: MockRequest) => {
    let rows = plans;
    for (const key of ['restaurant', 'status'] as const) {
      const want = query.get(key);
      if (want) rows = rows.filter((p) => p[key] === want);
    }
    const search = (query.get('search') ?? '').toLowerCase();
    if (search) rows = rows.filter((p) => p.name.toLowerCase().includes(search));
    return { body: { plans: rows, total: rows.length, page: 1, page_size: 25 } };
  };

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET subscription_plans': listPlans,
    'POST subscription_plans': ({ body }) => {
      const restaurant = String(body.restaurant);
      const refused = options.notEnabled?.[restaurant];
      if (refused) {
        return failure(
          400,
          'subscriptionNotEnabled',
          `restaurant: ${refused} does not offer subscriptions (switch on enable_subscription in the restaurant)`,
          { field: 'restaurant' },
        );
      }
      const plan = aPlan({ ...(body as Partial<SubscriptionPlan>), id: 20, members: 0, version: 1 });
      plans = [...plans, plan];
      return { body: { message: `Plan ${plan.name} added`, plan } };
    },
    'POST subscriptions': ({ body }) => {
      const plan = plans.find((p) => p.id === body.plan_id)!;
      const subscription = aSubscription({
        id: 30,
        plan_id: plan.id,
        customer_ref: String(body.customer_ref),
        customer_name: '',
        status: plan.trial_days > 0 ? 'trial' : 'active',
        start_date: String(body.start_date),
        orders: 0,
        version: 1,
      });
      members = [...members, subscription];
      return { body: { message: `${subscription.customer_ref} enrolled on ${plan.name}`, subscription } };
    },
  };
  for (const p of plans) {
    routes[`PUT subscription_plans/${p.id}`] = ({ body, path }) => {
      const current = plans.find((x) => x.id === idOf(path))!;
      if (body.version !== current.version) {
        return failure(409, 'versionConflict', 'Changed by other.admin since you opened it.');
      }
      const plan = { ...current, ...(body as Partial<SubscriptionPlan>), version: current.version + 1 };
      plans = plans.map((x) => (x.id === plan.id ? plan : x));
      return { body: { message: `Plan ${plan.name} saved`, plan } };
    };
    routes[`GET subscription_plans/${p.id}/members`] = ({ query }) => {
      let rows = members.filter((s) => s.plan_id === p.id);
      const status = query.get('status');
      if (status) rows = rows.filter((s) => s.status === status);
      const search = (query.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((s) => `${s.customer_ref} ${s.customer_name}`.toLowerCase().includes(search));
      return { body: { subscriptions: rows, total: rows.length, page: 1, page_size: 25 } };
    };
  }
  for (const s of members) {
    routes[`POST subscriptions/${s.id}/change`] = ({ body }) => {
      const current = members.find((x) => x.id === s.id)!;
      const from = String(body.from);
      if (options.changesOpenFrom && from < options.changesOpenFrom) {
        return failure(
          409,
          'subscriptionDeadlinePassed',
          `Changes to the meal of ${dmy(from)} closed at ${dmy(from)} 10:30 (120 minutes before it is served)`,
          { field: 'from' },
        );
      }
      if (options.changedElsewhere?.includes(s.id) && !changedElsewhere.has(s.id)) {
        changedElsewhere.add(s.id);
        members = members.map((x) => (x.id === s.id ? { ...x, version: x.version + 1 } : x));
      }
      const latest = members.find((x) => x.id === s.id)!;
      if (body.version !== latest.version) {
        return failure(409, 'versionConflict', `Subscription of ${latest.customer_ref} was changed by other.admin`);
      }
      const until = (body.until as string | null) ?? null;
      const changed: Subscription = {
        ...latest,
        ...(body.action === 'pause' ? { status: 'paused', paused_from: from, paused_until: until } : {}),
        ...(body.action === 'resume' ? { status: 'active', paused_from: null, paused_until: null } : {}),
        ...(body.action === 'cancel' ? { status: 'cancelled', cancelled_from: from } : {}),
        version: latest.version + 1,
      };
      members = members.map((x) => (x.id === s.id ? changed : x));
      return { body: { message: `Subscription of ${current.customer_ref} saved`, subscription: changed } };
    };
  }
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record, plans: () => plans, members: () => members };
}

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
