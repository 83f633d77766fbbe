import type { Classification, ClassifiedItem } from '@cd/core';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';
import { SITE_TREE } from '../../../test/fixtures';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[], permissions: [] as string[] },
};

export const SPICE = 'fc-blr-atrium:spice-route';

export const aClassification = (over: Partial<Classification> = {}): Classification => ({
  id: 1,
  kind: 'sales_category',
  name: 'Mains',
  code: 'MAIN',
  description: '',
  item_count: 2,
  version: 1,
  updated_by: 'demo.admin',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

export const CLASSIFICATIONS: Classification[] = [
  aClassification(),
  aClassification({ id: 2, name: 'Drinks', code: 'DRK', item_count: 1 }),
  aClassification({ id: 3, kind: 'accounting_group', name: 'Food sales', code: '4100', item_count: 3 }),
  aClassification({ id: 4, kind: 'diet_tag', name: 'Vegetarian', code: '', item_count: 0 }),
];

type Item = ClassifiedItem & { has: number[] };
const item = (foodid: string, foodname: string, has: number[]): Item => ({
  foodid,
  foodname,
  restaurant: SPICE,
  has,
});
export const ITEMS: Item[] = [
  item('f-tikka', 'Paneer tikka', [1]),
  item('f-biryani', 'Chicken biryani', [1]),
  item('f-chai', 'Masala chai', [2]),
  item('f-samosa', 'Samosa', []),
];

/** The classification endpoints with state: the list, create/update, items, the picker and assign. */
export function classificationsApi() {
  let rows = CLASSIFICATIONS;
  let items = ITEMS.map((i) => ({ ...i, has: [...i.has] }));
  const record: MockCall[] = [];
  const page = <T>(list: T[], query: URLSearchParams) => {
    const size = Number(query.get('page_size') ?? 25);
    const at = Number(query.get('page') ?? 1);
    return list.slice((at - 1) * size, at * size);
  };
  const nameTaken = (body: Record<string, unknown>, id?: number) =>
    rows.some((c) => c.id !== id && c.kind === body.kind && c.name.toLowerCase() === String(body.name).toLowerCase());
  const taken: MockReply = {
    status: 409,
    body: {
      result: 'failure',
      message: 'A sales category named Drinks already exists',
      extras: { code: 'classificationExists', field: 'name' },
    },
  };
  const count = (id: number) => items.filter((i) => i.has.includes(id)).length;
  const view = (c: Classification) => ({ ...c, item_count: count(c.id) });
  const picked = (i: Item) => ({
    foodid: i.foodid,
    foodname: i.foodname,
    restaurant: i.restaurant,
    classifications: i.has.map((id) => {
      const c = rows.find((r) => r.id === id)!;
      return { id, kind: c.kind, name: c.name };
    }),
  });

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET classifications': ({ query }) => {
      let list = rows.map(view);
      const kind = query.get('kind');
      if (kind) list = list.filter((c) => c.kind === kind);
      const search = (query.get('search') ?? '').toLowerCase();
      if (search) list = list.filter((c) => c.name.toLowerCase().includes(search));
      return { body: { classifications: page(list, query), total: list.length } };
    },
    'POST classifications': ({ body }) => {
      if (nameTaken(body)) return taken;
      const c = aClassification({ ...(body as Partial<Classification>), id: 20, item_count: 0 });
      rows = [...rows, c];
      return { body: { message: 'Classification added', classification: c } };
    },
    'GET classifications/unassigned': ({ query }) => {
      const kind = query.get('kind');
      const list = items.filter((i) => !i.has.some((h) => rows.find((r) => r.id === h)?.kind === kind));
      return { body: { items: page(list, query).map(picked), total: list.length } };
    },
    'GET classifications/items': ({ query }) => {
      const search = (query.get('search') ?? '').toLowerCase();
      const list = items.filter(
        (i) => i.restaurant === query.get('restaurant') && i.foodname.toLowerCase().includes(search),
      );
      return { body: { items: page(list, query).map(picked), total: list.length } };
    },
  };
  for (const c of CLASSIFICATIONS) {
    routes[`GET classifications/${c.id}`] = () => ({
      body: { classification: view(rows.find((r) => r.id === c.id)!) },
    });
    routes[`PUT classifications/${c.id}`] = ({ body }) => {
      if (nameTaken(body, c.id)) return taken;
      const saved = { ...rows.find((r) => r.id === c.id)!, ...(body as Partial<Classification>) };
      saved.version += 1;
      rows = rows.map((r) => (r.id === c.id ? saved : r));
      return { body: { message: 'Classification saved', classification: view(saved) } };
    };
    routes[`GET classifications/${c.id}/items`] = ({ query }) => {
      const list = items.filter((i) => i.has.includes(c.id));
      return {
        body: {
          items: page(list, query).map((i) => ({ foodid: i.foodid, foodname: i.foodname, restaurant: i.restaurant })),
          total: list.length,
        },
      };
    };
    routes[`POST classifications/${c.id}/assign`] = ({ body }) => {
      const foodids = body.foodids as string[];
      const result = {
        assigned: 0,
        removed: 0,
        unchanged: 0,
        moved: [] as { id: number; name: string; count: number }[],
      };
      items = items.map((i) => {
        if (!foodids.includes(i.foodid)) return i;
        if (body.mode === 'remove') {
          if (i.has.includes(c.id)) result.removed++;
          else result.unchanged++;
          return { ...i, has: i.has.filter((h) => h !== c.id) };
        }
        if (i.has.includes(c.id)) {
          result.unchanged++;
          return i;
        }
        result.assigned++;
        const from = i.has.find((h) => rows.find((r) => r.id === h)?.kind === c.kind);
        if (from !== undefined && (c.kind === 'sales_category' || c.kind === 'accounting_group')) {
          const name = rows.find((r) => r.id === from)!.name;
          const m = result.moved.find((x) => x.id === from);
          if (m) m.count++;
          else result.moved.push({ id: from, name, count: 1 });
          return { ...i, has: [...i.has.filter((h) => h !== from), c.id] };
        }
        return { ...i, has: [...i.has, c.id] };
      });
      return { body: { message: 'done', ...result } };
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
