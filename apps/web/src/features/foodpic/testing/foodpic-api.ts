import type { ImageManagerItem, PicturePreview } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[], permissions: [] as string[] },
};

export const RESTAURANT = 'fc-blr-atrium:spice-route';

const item = (foodid: string, foodname: string) => ({ foodid, foodname });
export const MENU_ITEMS = [
  item('f-biryani', 'Chicken Biryani'),
  item('f-lassi', 'Mango Lassi'),
  item('f-dal-1', 'Dal'),
  item('f-dal-2', 'Dal'),
  item('f-samosa', 'Samosa'),
];

const THUMB = 'data:image/png;base64,iVBORw0KGgo=';
const preview = (over: Partial<PicturePreview> & Pick<PicturePreview, 'file' | 'name' | 'match'>): PicturePreview => ({
  size: 120_000,
  width: 1200,
  height: 900,
  thumbnail: THUMB,
  problems: [],
  ...over,
});

/** Five pictures: matched by id, by name, two same-named items, none, and one matched but too small. */
export const PREVIEWS: PicturePreview[] = [
  preview({
    file: 'tok-1',
    name: 'f-biryani.jpg',
    match: { kind: 'id', foodid: 'f-biryani', name: 'Chicken Biryani', current_image: '' },
  }),
  preview({
    file: 'tok-2',
    name: 'Mango Lassi.png',
    match: { kind: 'name', foodid: 'f-lassi', name: 'Mango Lassi', current_image: '' },
  }),
  preview({
    file: 'tok-3',
    name: 'dal.jpg',
    match: {
      kind: 'ambiguous',
      candidates: [
        { foodid: 'f-dal-1', name: 'Dal' },
        { foodid: 'f-dal-2', name: 'Dal' },
      ],
    },
  }),
  preview({ file: 'tok-4', name: 'paneer.jpg', match: { kind: 'none' } }),
  preview({
    file: 'tok-5',
    name: 'samosa.png',
    width: 300,
    height: 200,
    size: 20_000,
    match: { kind: 'name', foodid: 'f-samosa', name: 'Samosa', current_image: '' },
    problems: ['Too small: at least 600 × 600 pixels'],
  }),
];

export const COMMON: ImageManagerItem[] = [
  {
    id: 7,
    url: '/files/media/common/naan.png',
    name: 'naan.png',
    keywords: ['bread'],
    width: 800,
    height: 800,
    size: 50_000,
    file_ext: 'png',
    type: 'image',
    action: 'commonItemImages',
    value: 'common',
    uploaded_by: 'demo.admin',
    uploaded_at: '2026-03-01T10:00:00.000Z',
    version: 1,
  },
];

type Options = { match?: (request: MockRequest) => MockReply };

/** The food-picture endpoints (match, apply), the restaurant's menu and the common image library. */
export function foodpicApi(options: Options = {}) {
  const record: MockCall[] = [];
  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET vendor/fooditem': ({ query }) => ({
      body: {
        restaurant: {
          restaurant: query.get('restaurant'),
          name: 'Spice Route',
          client: '',
          currency: 'INR',
          pricebook_path: '',
        },
        fooditems: MENU_ITEMS,
        categories: [],
        submenus: [],
      },
    }),
    'POST foodpic/match':
      options.match ?? (() => ({ body: { batch: 'batch-1', restaurant: RESTAURANT, previews: PREVIEWS } })),
    'POST foodpic/apply': ({ body }) => {
      const matches = body.matches as { file: string; foodid: string }[];
      const skipped = matches
        .filter((m) => m.file === 'tok-4')
        .map((m) => ({ ...m, reason: 'The item was deleted since the match' }));
      const applied = matches
        .filter((m) => m.file !== 'tok-4')
        .map((m) => ({ ...m, image: `/files/items/${m.foodid}.webp` }));
      return { body: { message: `${applied.length} pictures applied`, applied, skipped } };
    },
    'GET imagemanager': () => ({ body: { data: COMMON } }),
  };
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record };
}

/** A picture file of the given name. */
export const picture = (name: string, type = 'image/jpeg') => new File([new Uint8Array(2048)], name, { type });
