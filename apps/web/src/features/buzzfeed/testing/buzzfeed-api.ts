import type { NewsPost } from '@cd/core';
import { SITE_TREE } from '../../../test/fixtures';
import { mockApiRoutes, type MockCall, type MockReply, type MockRequest } from '../../../test/mock-api-routes';

const AT = '2026-03-05T09:07:00.000Z';

/** A signed-in user: an admin, or (admin false) holding the page and, when asked, buzzfeed_polls. */
export const userWith = ({ admin = false, polls = false } = {}) => ({
  name: 'Editor',
  userid: 'demo.editor',
  loc2fc2rest_details_map: SITE_TREE,
  vendorextras: {
    admin,
    pagepermissionaccess: ['buzzfeed'],
    permissions: polls ? ['buzzfeed_polls'] : [],
  },
});
export const ADMIN = userWith({ admin: true });

export function aPost(overrides: Partial<NewsPost> = {}): NewsPost {
  return {
    id: 1,
    title: 'Vote for the new dessert',
    body: 'Which one should stay on the menu?',
    foodcourts: ['fc-blr-atrium', 'fc-blr-tower-b'],
    media: [],
    link: '',
    pinned: true,
    status: 'published',
    publish_at: '2026-03-01T08:00:00.000Z',
    expires_at: null,
    state: 'live',
    poll: {
      question: 'Which dessert?',
      closes_at: null,
      closed: false,
      options: [
        { index: 0, text: 'Kheer', votes: 3 },
        { index: 1, text: 'Brownie', votes: 2 },
      ],
      votes: 5,
    },
    version: 2,
    updated_by: 'demo.admin',
    updated_at: AT,
    ...overrides,
  };
}

export const POSTS: NewsPost[] = [
  aPost(),
  aPost({
    id: 2,
    title: 'Holi closing hours',
    foodcourts: [],
    pinned: false,
    status: 'draft',
    publish_at: null,
    state: 'draft',
    poll: null,
    version: 1,
  }),
];

const failure = (status: number, message: string, code: string): MockReply => ({
  status,
  body: { result: 'failure', message, extras: { code } },
});

/** The news feed endpoints as the server answers them, with state; `vote` counts a customer's vote meanwhile. */
export function buzzfeedApi(options: { posts?: NewsPost[] } = {}) {
  let posts = options.posts ?? POSTS;
  const record: MockCall[] = [];
  const find = (path: string) => posts.find((p) => p.id === Number(path.split('/')[2]))!;
  const routes: Record<string, (request: MockRequest) => MockReply> = {
    'GET backgroundjobs': () => ({ body: { data: [] } }),
    'GET buzzfeed/posts': ({ query }) => {
      let rows = posts;
      if (query.get('state')) rows = rows.filter((p) => p.state === query.get('state'));
      const size = Number(query.get('page_size') ?? 25);
      return { body: { posts: rows.slice(0, size), total: rows.length } };
    },
    'POST buzzfeed/posts': ({ body }) => {
      const poll = body.poll as { question: string; options: string[]; closes_at: string | null } | null;
      const post = aPost({
        ...(body as Partial<NewsPost>),
        id: 30,
        state: 'draft',
        poll: poll && {
          ...poll,
          closed: false,
          options: poll.options.map((text, index) => ({ index, text, votes: 0 })),
          votes: 0,
        },
        version: 1,
      });
      posts = [...posts, post];
      return { body: { message: 'Post added', post } };
    },
  };
  for (const id of [1, 2]) {
    routes[`GET buzzfeed/posts/${id}`] = ({ path }) => ({ body: { message: '', post: find(path) } });
    routes[`PUT buzzfeed/posts/${id}`] = ({ body, path }) => {
      const current = find(path);
      if (body.version !== current.version)
        return failure(409, `${current.title} was changed by other.admin since you opened it.`, 'versionConflict');
      const post = { ...current, title: String(body.title), version: current.version + 1 };
      posts = posts.map((p) => (p.id === post.id ? post : p));
      return { body: { message: 'Post saved', post } };
    };
  }
  const vote = (option: number) => {
    posts = posts.map((p) =>
      p.id === 1 && p.poll
        ? {
            ...p,
            poll: {
              ...p.poll,
              options: p.poll.options.map((o) => (o.index === option ? { ...o, votes: o.votes + 1 } : o)),
              votes: p.poll.votes + 1,
            },
          }
        : p,
    );
  };
  const editElsewhere = () => {
    posts = posts.map((p) => (p.id === 2 ? { ...p, title: 'Holi hours (theirs)', version: p.version + 1 } : p));
  };
  const fetchMock = mockApiRoutes(routes, { record });
  return { fetchMock, record, vote, editElsewhere };
}

/** The calls made to one method and path. */
export const callsTo = (record: MockCall[], method: string, path: string) =>
  record.filter((c) => c.method === method && c.path === path);

/** The JSON bodies of the calls to one method and path. */
export const sent = (record: MockCall[], method: string, path: string) =>
  callsTo(record, method, path).map((c) => c.body as Record<string, unknown>);
