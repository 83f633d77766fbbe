import type { HtmlPage, HtmlRevision } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

export const ADMIN = {
  name: 'Admin',
  userid: 'demo.admin',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: { admin: true, pagepermissionaccess: [] as string[] },
};

const AT = '2026-03-05T09:07:00.000Z';

export function aPage(overrides: Partial<HtmlPage> = {}): HtmlPage {
  return {
    id: 1,
    title: 'Terms of use',
    slug: 'terms-of-use',
    foodcourt: null,
    client: null,
    html: '<p>Be kind to the staff.</p>',
    status: 'published',
    changed: false,
    published_revision: 2,
    published_at: AT,
    revision: 2,
    version: 3,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const PAGES: HtmlPage[] = [
  aPage(),
  aPage({
    id: 2,
    title: 'Allergen notes',
    slug: 'allergens',
    foodcourt: 'fc-blr-atrium',
    html: '<h2>Allergens</h2><p>Ask at the counter.</p>',
    changed: true,
    revision: 3,
    version: 4,
  }),
  aPage({
    id: 3,
    title: 'Help',
    slug: 'help',
    status: 'draft',
    published_revision: null,
    published_at: null,
    revision: 1,
    version: 1,
  }),
];

const failure = (status: number, message: string, code: string, extras: object = {}): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code, ...extras } },
});

/** What the server's sanitize-html does to the pages, as far as the tests need: scripts and on* handlers go. */
const clean = (html: string) => html.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/\s+on\w+="[^"]*"/gi, '');

/** The HTML page endpoints as the server answers them, with state (versions checked, revisions kept). */
export function htmlPagesApi(options: { pages?: HtmlPage[] } = {}) {
  let pages = options.pages ?? PAGES;
  const generated = (page: HtmlPage): HtmlRevision[] =>
    Array.from({ length: page.revision }, (_, i) => ({
      revision: page.revision - i,
      title: page.title,
      html: `<p>Revision ${page.revision - i}</p>`,
      kind: page.revision - i === page.published_revision ? ('published' as const) : ('saved' as const),
      note: '',
      created_by: 'demo.admin',
      created_at: AT,
    }));
  const revisions = new Map<number, HtmlRevision[]>(pages.map((p) => [p.id, generated(p)]));
  const revisionsOf = (page: HtmlPage) => revisions.get(page.id) ?? [];
  const record: MockCall[] = [];
  const idOf = (path: string) => Number(path.split('/')[1]);
  const find = (path: string) => pages.find((p) => p.id === idOf(path))!;
  const store = (page: HtmlPage, kind: HtmlRevision['kind']) => {
    pages = pages.some((p) => p.id === page.id) ? pages.map((p) => (p.id === page.id ? page : p)) : [...pages, page];
    const list = revisionsOf(page);
    if (kind !== 'published' || list[0]?.revision !== page.revision)
      revisions.set(page.id, [
        {
          revision: page.revision,
          title: page.title,
          html: page.html,
          kind,
          note: '',
          created_by: 'me',
          created_at: AT,
        },
        ...list,
      ]);
    else revisions.set(page.id, list);
    return page;
  };
  const versioned = (body: Record<string, unknown>, current: HtmlPage) =>
    body.version === current.version
      ? null
      : failure(409, `Terms of use was changed by other.admin on 05-03-2026 15:00.`, 'versionConflict');

  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET html-pages': ({ query }) => {
      let rows = pages;
      const search = (query.get('search') ?? '').toLowerCase();
      if (search) rows = rows.filter((p) => `${p.title} ${p.slug}`.toLowerCase().includes(search));
      if (query.get('status')) rows = rows.filter((p) => p.status === query.get('status'));
      if (query.get('foodcourt')) rows = rows.filter((p) => p.foodcourt === query.get('foodcourt'));
      const size = Number(query.get('page_size') ?? 25);
      const at = Number(query.get('page') ?? 1);
      return { body: { pages: rows.slice((at - 1) * size, at * size), total: rows.length } };
    },
    'POST html-pages': ({ body }) => {
      if (pages.some((p) => p.slug === body.slug))
        return failure(409, `slug: The address name ${String(body.slug)} is taken`, 'slugTaken', { field: 'slug' });
      const page = aPage({
        ...(body as Partial<HtmlPage>),
        id: 40,
        html: clean(String(body.html)),
        status: 'draft',
        changed: true,
        published_revision: null,
        published_at: null,
        revision: 1,
        version: 1,
      });
      revisions.set(40, []);
      return { body: { message: 'Page added', page: store(page, 'saved') } };
    },
  };
  for (const id of [1, 2, 3, 40]) {
    routes[`GET html-pages/${id}`] = ({ path }) => ({ body: { message: '', page: find(path) } });
    routes[`GET html-pages/${id}/revisions`] = ({ path }) => ({ body: { revisions: revisionsOf(find(path)) } });
    routes[`PUT html-pages/${id}`] = ({ body, path }) => {
      const current = find(path);
      const conflict = versioned(body, current);
      if (conflict) return conflict;
      const page: HtmlPage = {
        ...current,
        ...(body as Partial<HtmlPage>),
        html: clean(String(body.html)),
        changed: current.status === 'published',
        revision: current.revision + 1,
        version: current.version + 1,
      };
      return { body: { message: 'Page saved', page: store(page, 'saved') } };
    };
    for (const live of [true, false]) {
      routes[`POST html-pages/${id}/${live ? 'publish' : 'unpublish'}`] = ({ body, path }) => {
        const current = find(path);
        const conflict = versioned(body, current);
        if (conflict) return conflict;
        const page: HtmlPage = {
          ...current,
          status: live ? 'published' : 'draft',
          changed: !live,
          published_revision: live ? current.revision : null,
          published_at: live ? AT : null,
          version: current.version + 1,
        };
        return { body: { message: live ? 'Page published' : 'Page unpublished', page: store(page, 'published') } };
      };
    }
    routes[`POST html-pages/${id}/revert`] = ({ body, path }) => {
      const current = find(path);
      const conflict = versioned(body, current);
      if (conflict) return conflict;
      const from = revisionsOf(current).find((r) => r.revision === body.revision)!;
      const page: HtmlPage = {
        ...current,
        title: from.title,
        html: from.html,
        changed: current.status === 'published',
        revision: current.revision + 1,
        version: current.version + 1,
      };
      return { body: { message: `Revision ${from.revision} restored`, page: store(page, 'reverted') } };
    };
  }
  /** Someone else saves page 1 behind the user's back. */
  const saveElsewhere = () => {
    const current = pages.find((p) => p.id === 1)!;
    store(
      { ...current, title: 'Terms (theirs)', version: current.version + 1, revision: current.revision + 1 },
      'saved',
    );
  };
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record, saveElsewhere };
}

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path).map((c) => c.body as Record<string, unknown>);
