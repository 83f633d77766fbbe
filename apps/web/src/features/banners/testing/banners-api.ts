import type { BannerProgram, ImageManagerItem } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[], permissions: [] as string[] },
};

/** A marketing user with the banner page and, when asked, banner_editProgramAccess. */
export const marketer = (permissions: string[] = []) => ({
  name: 'Marketer',
  userid: 'demo.marketer',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: false, pagepermissionaccess: ['bannerPrograms'], permissions },
});

const AT = '2026-03-05T09:07:00.000Z';
const MEDIA = '/files/media/banners';

export function aProgram(overrides: Partial<BannerProgram> = {}): BannerProgram {
  return {
    id: 1,
    name: 'Summer menu',
    slot: 'app_home',
    foodcourts: ['fc-blr-atrium'],
    channels: ['app', 'web'],
    status: 'active',
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: null,
    priority: 10,
    banners: [
      {
        id: 'b1',
        media: `${MEDIA}/mango.png`,
        media_type: 'image',
        alt: 'Mango lassi',
        link_type: 'item',
        link: 'f-lassi',
        seconds: 5,
      },
      {
        id: 'b2',
        media: `${MEDIA}/thali.jpg`,
        media_type: 'image',
        alt: 'Thali',
        link_type: 'none',
        link: '',
        seconds: 8,
      },
      {
        id: 'b3',
        media: `${MEDIA}/kitchen.mp4`,
        media_type: 'video',
        alt: '',
        link_type: 'url',
        link: 'https://example.com/kitchen',
        seconds: 12,
      },
    ],
    live: true,
    version: 4,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const PROGRAMS: BannerProgram[] = [
  aProgram(),
  aProgram({
    id: 2,
    name: 'Kiosk welcome',
    slot: 'kiosk_idle',
    foodcourts: [],
    channels: ['kiosk'],
    status: 'draft',
    starts_at: null,
    priority: 0,
    banners: [],
    live: false,
    version: 1,
  }),
  aProgram({
    id: 3,
    name: 'Diwali specials',
    slot: 'menu_top',
    foodcourts: ['fc-blr-atrium', 'fc-ldn-river'],
    channels: ['app'],
    status: 'paused',
    priority: 50,
    live: false,
    version: 2,
  }),
];

export const LIBRARY: ImageManagerItem[] = [
  {
    id: 41,
    url: `${MEDIA}/paneer.png`,
    name: 'paneer.png',
    keywords: [],
    width: 1080,
    height: 540,
    size: 90_000,
    file_ext: 'png',
    type: 'image',
    action: 'banners',
    value: 'banners',
    uploaded_by: 'demo.admin',
    uploaded_at: AT,
    version: 1,
  },
];

type Options = { programs?: BannerProgram[]; conflictOn?: number };

/** The banner-program endpoints (list with its filters, create, update with its version check) and the library. */
export function bannersApi(options: Options = {}) {
  let programs = options.programs ?? PROGRAMS;
  const record: MockCall[] = [];
  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET banner-programs': ({ query }) => {
      let rows = programs;
      for (const key of ['slot', 'status'] as const) {
        const want = query.get(key);
        if (want) rows = rows.filter((p) => p[key] === want);
      }
      const foodcourt = query.get('foodcourt');
      if (foodcourt) rows = rows.filter((p) => p.foodcourts.length === 0 || p.foodcourts.includes(foodcourt));
      const search = (query.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((p) => p.name.toLowerCase().includes(search));
      return { body: { programs: rows, total: rows.length } };
    },
    'POST banner-programs': ({ body }) => {
      const program = { ...aProgram(), ...(body as Partial<BannerProgram>), id: 20, version: 1, live: false };
      programs = [...programs, program];
      return { body: { message: 'Program added', program } };
    },
    'GET imagemanager': () => ({ body: { data: LIBRARY } }),
  };
  for (const p of programs) {
    routes[`PUT banner-programs/${p.id}`] = ({ body }) => {
      const current = programs.find((x) => x.id === p.id)!;
      if (options.conflictOn === p.id || body.version !== current.version) {
        const extras = { code: 'versionConflict', updated_by: 'other.admin' };
        const message = `${current.name} was changed by other.admin since you opened it.`;
        return { status: 409, body: { result: 'failure', message, extras } };
      }
      const program = { ...current, ...(body as Partial<BannerProgram>), version: current.version + 1 };
      programs = programs.map((x) => (x.id === p.id ? program : x));
      return { body: { message: 'Program saved', program } };
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
