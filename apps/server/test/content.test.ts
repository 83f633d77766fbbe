import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, notificationRuns, notifications, users } from '../src/db/schema/index.js';
import { NotificationsService, type NotificationMessage } from '../src/modules/content/index.js';
import { INTERRUPTED_RUN, STALE_SENDING_MS } from '../src/modules/content/notifications.service.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/** Known stored-XSS payloads (OWASP filter-evasion cheat sheet and the CMS bugs in peers §2). */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p onmouseover="alert(1)">hover</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<img src="x" / onerror="alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=`x` onerror=alert(1)>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<img src="javascript:alert(1)">',
  '<video><source onerror="alert(1)"></video>',
];

/** What no stored or served content may contain after cleaning. */
function assertInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<\s*(script|iframe|object|embed|style|link|meta|base|form|svg|math|body|noscript)\b/);
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/(href|src|action|background|data)\s*=\s*["'`]?\s*(javascript|data|vbscript):/);
  expect(lower).not.toContain('style=');
}

const UK = 'demo-uk.controldesk.app';
let seq = 0;

/** Issue 19: HTML pages, the news feed and polls, notifications and banners, through the API. */
describe.each(backends)('content on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let key: string;
  const sent: NotificationMessage[] = [];
  const sender = { send: async (batch: NotificationMessage[]) => void sent.push(...batch) };

  const signIn = async (userid: string) =>
    sessionCookie(
      await ctx.app.inject({
        method: 'POST',
        url: '/v2/bck/vendor/password_login',
        payload: { userid, password: 'ControlDesk#2026' },
      }),
    )!;
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = admin,
    host?: string,
  ) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      ...(payload ? { payload } : {}),
      headers: { cookie: `cd_session=${cookie}`, ...(host ? { host } : {}) },
    });
  const app = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      ...(payload ? { payload } : {}),
      headers: { origin: '', authorization: `Bearer ${key}` },
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    key = (await api('POST', '/api_keys', { api_client: 'content-app' })).json().key;
  });
  afterAll(async () => ctx?.close());

  it('stores no script: every known payload is neutralised in pages, posts, banners and notifications', async () => {
    const html = `<h2>Terms</h2><p>Keep this <strong>bold</strong> text.</p>${XSS.join('\n')}`;
    const page = await api('POST', '/html-pages', { title: '<b>Terms</b>', slug: `terms-${++seq}`, html });
    expect(page.statusCode, page.body).toBe(200);
    const stored = page.json().page;
    assertInert(stored.html);
    expect(stored.html).toContain('<strong>bold</strong>');
    expect(stored.title).toBe('Terms');
    for (const payload of XSS) {
      const post = await api('POST', '/buzzfeed/posts', { title: `News ${payload}`, body: `<p>Hi</p>${payload}` });
      expect(post.statusCode, post.body).toBe(200);
      assertInert(post.json().post.body);
      assertInert(post.json().post.title);
      expect(post.json().post.title).not.toMatch(/[<>]/);
    }
    // Links that are not http(s), mailto or tel are refused outright, with the field named.
    for (const link of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const banner = { id: 'b1', media: '/files/media/x.png', link_type: 'url', link };
      const res = await api('POST', '/banner-programs', {
        name: 'P',
        slot: 'app_home',
        channels: ['app'],
        banners: [banner],
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('link');
      expect((await api('POST', '/buzzfeed/posts', { title: 'T', link })).statusCode).toBe(400);
    }
    const banner = {
      id: 'b1',
      media: '/files/media/x.png',
      alt: '<img src=x onerror=alert(1)>Lunch deal',
      link_type: 'url',
      link: 'https://example.com/deal',
    };
    const prog = await api('POST', '/banner-programs', {
      name: 'Home',
      slot: 'app_home',
      channels: ['app'],
      banners: [banner],
    });
    expect(prog.json().program.banners[0].alt).toBe('Lunch deal');
    const note = await api('POST', '/notifications', {
      title: '<script>alert(1)</script>Lunch',
      body: 'Hot <img src=x onerror=alert(1)> today',
      channels: ['push'],
      audience: 'sites',
      foodcourts: ['fc-blr-atrium'],
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().notification).toMatchObject({ title: 'Lunch', body: 'Hot  today' });
  });

  it('a page is drafted, published, read by the apps, reverted and republished; stale saves get 409', async () => {
    const slug = `help-${++seq}`;
    const v1 =
      '<p>First</p><table><tbody><tr><td>Tea</td><td>40</td></tr></tbody></table><img src="https://cdn.example.com/a.png" alt="a">';
    let page = (await api('POST', '/html-pages', { title: 'Help', slug, html: v1 })).json().page;
    expect(page).toMatchObject({ status: 'draft', revision: 1 });
    expect((await app('GET', `/content/pages/${slug}`)).statusCode).toBe(404);
    page = (await api('POST', `/html-pages/${page.id}/publish`, { version: page.version })).json().page;
    expect(page).toMatchObject({ status: 'published', published_revision: 1, changed: false });
    const read = (await app('GET', `/content/pages/${slug}?foodcourt=fc-blr-atrium`)).json();
    expect(read.html).toContain('<td>Tea</td>');
    expect(read.html).toContain('src="https://cdn.example.com/a.png"');

    const saved = await api('PUT', `/html-pages/${page.id}`, {
      title: 'Help',
      slug,
      html: '<p>Second</p>',
      version: page.version,
    });
    page = saved.json().page;
    expect(page).toMatchObject({ revision: 2, changed: true });
    // The apps still read what was published until the next publish.
    expect((await app('GET', `/content/pages/${slug}`)).json().html).toContain('First');
    const stale = await api('PUT', `/html-pages/${page.id}`, {
      title: 'Help',
      slug,
      html: '<p>Mine</p>',
      version: page.version - 1,
    });
    expect(stale.statusCode).toBe(409);

    page = (await api('POST', `/html-pages/${page.id}/publish`, { version: page.version })).json().page;
    expect((await app('GET', `/content/pages/${slug}`)).json().html).toBe('<p>Second</p>');
    const revisions = (await api('GET', `/html-pages/${page.id}/revisions`)).json().revisions;
    expect(revisions.map((r: { revision: number; kind: string }) => [r.revision, r.kind])).toEqual([
      [2, 'published'],
      [1, 'published'],
    ]);
    page = (await api('POST', `/html-pages/${page.id}/revert`, { revision: 1, version: page.version })).json().page;
    expect(page).toMatchObject({ revision: 3, changed: true });
    expect(page.html).toContain('<td>Tea</td>');
    page = (await api('POST', `/html-pages/${page.id}/publish`, { version: page.version })).json().page;
    expect((await app('GET', `/content/pages/${slug}`)).json().html).toContain('First');

    const clash = await api('POST', '/html-pages', { title: 'Other', slug, html: '' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().extras).toMatchObject({ code: 'slugTaken', field: 'slug' });
    // A site's own page wins over the shared one of the same address.
    await api('POST', '/html-pages', {
      title: 'Atrium help',
      slug,
      foodcourt: 'fc-blr-atrium',
      html: '<p>Atrium</p>',
    }).then(async (r) => {
      const p = r.json().page;
      await api('POST', `/html-pages/${p.id}/publish`, { version: p.version });
    });
    expect((await app('GET', `/content/pages/${slug}?foodcourt=fc-blr-atrium`)).json().html).toBe('<p>Atrium</p>');
    expect((await app('GET', `/content/pages/${slug}?foodcourt=fc-ldn-river`)).json().html).toContain('First');
  });

  it('a poll counts one vote per customer, even two at once, and needs buzzfeed_polls to add', async () => {
    const post = (
      await api('POST', '/buzzfeed/posts', {
        title: 'Friday menu',
        body: '<p>Vote!</p>',
        foodcourts: ['fc-blr-atrium'],
        status: 'published',
        poll: { question: 'Which curry?', options: ['Korma', 'Vindaloo', 'Saag'] },
      })
    ).json().post;
    const feed = (await app('GET', '/content/buzzfeed?foodcourt=fc-blr-atrium')).json().posts;
    expect(feed.map((p: { id: number }) => p.id)).toContain(post.id);
    expect(
      (await app('GET', '/content/buzzfeed?foodcourt=fc-ldn-river')).json().posts.map((p: { id: number }) => p.id),
    ).not.toContain(post.id);

    const first = (await app('POST', `/content/buzzfeed/${post.id}/vote`, { customer_ref: 'C-1', option: 1 })).json();
    expect(first).toMatchObject({ counted: true, poll: { votes: 1 } });
    const again = (await app('POST', `/content/buzzfeed/${post.id}/vote`, { customer_ref: 'C-1', option: 2 })).json();
    expect(again).toMatchObject({ counted: false, message: 'This customer has already voted' });
    expect(again.poll.options.map((o: { votes: number }) => o.votes)).toEqual([0, 1, 0]);
    const race = await Promise.all(
      [0, 2, 0, 2].map((option) => app('POST', `/content/buzzfeed/${post.id}/vote`, { customer_ref: 'C-2', option })),
    );
    expect(race.filter((r) => r.json().counted)).toHaveLength(1);
    const live = (await api('GET', `/buzzfeed/posts/${post.id}`)).json().post.poll;
    expect(live.votes).toBe(2);
    expect(
      (await app('POST', `/content/buzzfeed/${post.id}/vote`, { customer_ref: 'C-3', option: 3 })).statusCode,
    ).toBe(400);
    // With votes, the options cannot change under the voters.
    const change = await api('PUT', `/buzzfeed/posts/${post.id}`, {
      title: 'Friday menu',
      foodcourts: ['fc-blr-atrium'],
      status: 'published',
      poll: { question: 'Which curry?', options: ['Korma', 'Dal'] },
      version: post.version,
    });
    expect(change.json().extras).toMatchObject({ code: 'pollHasVotes' });

    await ctx.database.db
      .update(users)
      .set({
        pagepermissionaccess: ['buzzfeed', 'bannerPrograms', 'htmlmanager'],
        permissions: [],
        sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: [] },
      })
      .where(eq(users.userid, 'demo.reports'));
    const staff = await signIn('demo.reports');
    const poll = { question: 'Tea or coffee?', options: ['Tea', 'Coffee'] };
    const denied = await api('POST', '/buzzfeed/posts', { title: 'Q', foodcourts: ['fc-blr-atrium'], poll }, staff);
    expect(denied.statusCode).toBe(403);
    expect(
      (await api('POST', '/buzzfeed/posts', { title: 'Plain', foodcourts: ['fc-blr-atrium'] }, staff)).statusCode,
    ).toBe(200);
    // A scoped user cannot post to every site nor to a site that is not theirs.
    expect((await api('POST', '/buzzfeed/posts', { title: 'All' }, staff)).statusCode).toBe(400);
    expect(
      (await api('POST', '/buzzfeed/posts', { title: 'Other', foodcourts: ['fc-ldn-river'] }, staff)).statusCode,
    ).toBe(403);
    // Without banner_editProgramAccess the banner page is read-only.
    expect((await api('GET', '/banner-programs', undefined, staff)).statusCode).toBe(200);
    const noEdit = await api(
      'POST',
      '/banner-programs',
      { name: 'X', slot: 'menu_top', channels: ['app'], foodcourts: ['fc-blr-atrium'] },
      staff,
    );
    expect(noEdit.statusCode).toBe(403);
  });

  it("follows the region's rules, sends a repeating notification in batches, and counts the run", async () => {
    await ctx.database.db.insert(customers).values(
      Array.from({ length: 2500 }, (_, i) => ({
        customer_ref: `N-${String(i).padStart(5, '0')}`,
        email: i % 2 ? `n${i}@example.com` : '',
        phone: '',
        marketing_opt_in: i % 10 !== 0,
      })),
    );
    const body = {
      title: 'Lunch is on',
      body: 'Two for one until 2pm',
      channels: ['push', 'email'],
      audience: 'everyone',
      send_at: new Date(Date.now() + 60_000).toISOString(),
      recurrence: { freq: 'daily', interval: 1 },
      status: 'scheduled',
    };
    // The default region (India, demo) has the restriction flag and no recurrence.
    const india = await api('POST', '/notifications', body);
    expect(india.statusCode).toBe(400);
    expect(india.json().extras).toMatchObject({ code: 'notAllowedInRegion', field: 'recurrence' });
    const uk = await api('POST', '/notifications', body, admin, UK);
    expect(uk.statusCode, uk.body).toBe(200);
    const n = uk.json().notification;
    expect(n.status).toBe('scheduled');
    expect(Date.parse(n.next_run_at)).toBe(Date.parse(body.send_at));

    const service = new NotificationsService(ctx.database.db);
    expect(await service.sendDue(sender)).toBe(0);
    const due = new Date(Date.parse(body.send_at) + 1000);
    expect(await service.sendDue(sender, undefined, due)).toBe(1);
    const runs = (await api('GET', `/notifications/${n.id}/runs`)).json().runs;
    const optedIn =
      2500 -
      250 +
      (await ctx.database.db.select().from(customers)).filter(
        (c) => !c.customer_ref.startsWith('N-') && c.marketing_opt_in,
      ).length;
    expect(runs[0]).toMatchObject({ targeted: optedIn, sent: optedIn, failed: 0, progress: 100 });
    expect(sent.filter((m) => m.channel === 'push' && m.to.startsWith('N-'))).toHaveLength(2250);
    expect(sent.filter((m) => m.channel === 'email' && m.to.endsWith('@example.com'))).toHaveLength(1250);
    const after = (await api('GET', `/notifications/${n.id}`)).json().notification;
    expect(after).toMatchObject({ status: 'scheduled', runs: 1 });
    expect(Date.parse(after.next_run_at) - Date.parse(body.send_at)).toBe(86_400_000);
    // Cancelling stops the repeats.
    const cancelled = (await api('POST', `/notifications/${n.id}/cancel`, { version: after.version })).json()
      .notification;
    expect(cancelled).toMatchObject({ status: 'cancelled', next_run_at: null });
    expect(await service.sendDue(sender, undefined, new Date(Date.parse(after.next_run_at) + 1000))).toBe(0);

    // A test goes to the signed-in user only.
    sent.length = 0;
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/v2/bck/notifications/${n.id}/test`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(test.json()).toMatchObject({ message: 'Test sent to you', run: { test: true, sent: 1 } });
    expect(test.statusCode).toBe(200);
    expect(
      (await api('POST', '/notifications/audience', { audience: 'sites', foodcourts: ['fc-blr-atrium'] })).json().count,
    ).toBeGreaterThanOrEqual(0);
    // Restricted hours in India: a site notification at 23:00 local is refused, at noon it is fine.
    const at = (h: number) => {
      const d = new Date(Date.now() + 2 * 86_400_000);
      d.setHours(h, 0, 0, 0);
      return d.toISOString();
    };
    const site = { ...body, audience: 'sites', foodcourts: ['fc-blr-atrium'], recurrence: null };
    const late = await api('POST', '/notifications', { ...site, send_at: at(23) });
    expect(late.json().extras).toMatchObject({ code: 'notAllowedInRegion', field: 'send_at' });
    expect(late.json().message).toBe('Notifications can be sent only between 10:00 and 21:00');
    expect((await api('POST', '/notifications', { ...site, send_at: at(12) })).statusCode).toBe(200);
  });

  it('ends the run of a send whose server died, and sends the notification again in a new run', async () => {
    const created = await api(
      'POST',
      '/notifications',
      {
        title: 'Kitchen closes early',
        body: 'Last orders at 7pm',
        channels: ['push'],
        audience: 'everyone',
        send_at: new Date(Date.now() + 60_000).toISOString(),
        status: 'scheduled',
      },
      admin,
      UK,
    );
    expect(created.statusCode, created.body).toBe(200);
    const n = created.json().notification;
    // What a server killed mid-send leaves: the notification "sending" since long ago, and its run open.
    const db = ctx.database.db;
    const long = new Date(Date.now() - STALE_SENDING_MS - 60_000);
    await db.update(notifications).set({ status: 'sending', updated_at: long }).where(eq(notifications.id, n.id));
    await db.insert(notificationRuns).values({ notification_id: n.id, targeted: 100, sent: 40, started_at: long });
    const service = new NotificationsService(db);
    expect(await service.sendDue(sender, undefined, new Date(Date.now() + 120_000))).toBe(1);
    const runs = (await api('GET', `/notifications/${n.id}/runs`)).json().runs;
    expect(runs).toHaveLength(2);
    // Newest first: the new run went to everyone; the old one says it was interrupted, and how far it got.
    expect(runs[0]).toMatchObject({ progress: 100, error: null });
    expect(runs[0].finished_at).not.toBeNull();
    expect(runs[1]).toMatchObject({ sent: 40, progress: 40, error: INTERRUPTED_RUN });
    expect(runs[1].finished_at).not.toBeNull();
    expect((await api('GET', `/notifications/${n.id}`)).json().notification.status).toBe('sent');
  });

  it('the apps read live banners by slot, site and channel, in the saved order', async () => {
    const banners = ['one', 'two', 'three'].map((id) => ({ id, media: `/files/media/${id}.png`, alt: id }));
    const p = (
      await api('POST', '/banner-programs', {
        name: 'Kiosk idle',
        slot: 'kiosk_idle',
        channels: ['kiosk'],
        foodcourts: ['fc-blr-atrium'],
        status: 'active',
        banners,
      })
    ).json().program;
    const read = async (q: string) =>
      (await app('GET', `/content/banners?${q}`)).json().banners.map((b: { id: string }) => b.id);
    expect(await read('slot=kiosk_idle&foodcourt=fc-blr-atrium&channel=kiosk')).toEqual(['one', 'two', 'three']);
    expect(await read('slot=kiosk_idle&foodcourt=fc-blr-atrium&channel=app')).toEqual([]);
    expect(await read('slot=kiosk_idle&foodcourt=fc-ldn-river&channel=kiosk')).toEqual([]);
    const reordered = await api('PUT', `/banner-programs/${p.id}`, {
      ...p,
      banners: [banners[2], banners[0], banners[1]],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(await read('slot=kiosk_idle&foodcourt=fc-blr-atrium')).toEqual(['three', 'one', 'two']);
    const stale = await api('PUT', `/banner-programs/${p.id}`, { ...p, banners });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by demo\.admin/);
  });
});
