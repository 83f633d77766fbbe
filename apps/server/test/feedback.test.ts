import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

/** Issue 13 point 7: feedback and support tickets — ingest, feedbacklist filters, replies, status, assignee. */
describe.each(backends)('feedback on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let river: string;
  let noPage: string;
  let key: string;
  let orderId: number;

  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie = admin, payload?: object) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const submit = (payload: object, apiKey = key) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/feedback',
      headers: { origin: '', authorization: `Bearer ${apiKey}` },
      payload,
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const hash = await hashPassword('Feedback#2026');
    await ctx.database.db.insert(users).values([
      {
        userid: 'river.feedback',
        name: 'River Feedback',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['feedback'],
        sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
      },
      {
        userid: 'no.feedback',
        name: 'No Feedback',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['preorderhistory'],
        sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
      },
    ]);
    river = await signIn('river.feedback', 'Feedback#2026');
    noPage = await signIn('no.feedback', 'Feedback#2026');
    key = (await call('POST', '/api_keys', admin, { api_client: 'feedback-test' })).json().key;
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/ingest/orders',
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: {
        order_number: 'FB-1',
        restaurant: 'fc-ldn-river:noodle_house',
        channel: 'app',
        order_type: 'takeaway',
        lines: [{ foodid: 'x', name: 'Ramen', quantity: 1, unit_price: 12 }],
      },
    });
    orderId = order.json().order.order_id;
  });
  afterAll(async () => ctx.close());

  it('takes feedback from an ordering app with its API key, and refuses bad keys and bodies', async () => {
    const res = await submit({ order_id: orderId, rating: 1, category: 'food', comment: 'Cold noodles FBX1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feedback).toMatchObject({
      type: 'feedback',
      status: 'open',
      restaurant: 'fc-ldn-river:noodle_house',
      foodcourt: 'fc-ldn-river',
      order_id: orderId,
    });
    // By restaurant + order number, and about a food court.
    const byNumber = await submit({ restaurant: 'fc-ldn-river:noodle_house', order_number: 'FB-1', rating: 5 });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().feedback.order_id).toBe(orderId);
    const fc = await submit({ type: 'support', foodcourt: 'fc-blr-atrium', comment: 'No napkins FBX2' });
    expect(fc.statusCode, fc.body).toBe(200);
    expect(fc.json().feedback.restaurant).toBeNull();
    expect((await submit({ order_id: orderId, rating: 3 }, 'cdk_nope')).statusCode).toBe(401);
    const noRating = await submit({ order_id: orderId });
    expect(noRating.statusCode).toBe(400);
    expect(noRating.body).toContain('rating');
    expect((await submit({ order_id: orderId, rating: 6 })).statusCode).toBe(400);
    expect((await submit({ order_id: 999_999_999, rating: 3 })).json().extras.code).toBe('unknownOrder');
  });

  it('lists with filters (negative, rating, type, status, site, text, date), scoped to the caller’s sites', async () => {
    await submit({ restaurant: 'fc-ldn-river:noodle_house', rating: 2, comment: 'Slow FBX3' });
    await submit({ restaurant: 'fc-blr-atrium:spice_route', rating: 1, comment: 'Too spicy FBX4' });
    const all = (await call('GET', '/feedbacklist?search=FBX&page_size=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(4);
    const negative = (await call('GET', '/feedbacklist?search=FBX&negative=true&page_size=100')).json();
    expect(negative.feedback.length).toBeGreaterThan(0);
    expect(negative.feedback.every((f: { rating: number; negative: boolean }) => f.rating <= 2 && f.negative)).toBe(
      true,
    );
    const notNegative = (await call('GET', '/feedbacklist?search=FBX&negative=false&page_size=100')).json();
    expect(notNegative.feedback.some((f: { rating: number | null }) => f.rating === null)).toBe(true);
    expect(negative.total + notNegative.total).toBe(all.total);
    expect((await call('GET', '/feedbacklist?search=FBX&rating=1')).json().total).toBe(2);
    expect((await call('GET', '/feedbacklist?search=FBX&type=support')).json().total).toBe(1);
    expect((await call('GET', '/feedbacklist?search=FBX&status=open')).json().total).toBe(all.total);
    expect((await call('GET', '/feedbacklist?search=fbx&foodcourt=fc-blr-atrium')).json().total).toBe(2);
    expect((await call('GET', '/feedbacklist?search=FBX&to=2001-01-01')).json().total).toBe(0);
    expect((await call('GET', '/feedbacklist?negative=maybe')).statusCode).toBe(400);
    // River sees London River's feedback only (its food court's own feedback too, not Bangalore's).
    const mine = (await call('GET', '/feedbacklist?search=FBX&page_size=100', river)).json();
    expect(mine.feedback.every((f: { foodcourt: string }) => f.foodcourt === 'fc-ldn-river')).toBe(true);
    expect(mine.total).toBe(2);
    const spicy = all.feedback.find((f: { comment: string }) => f.comment.includes('FBX4'));
    expect((await call('GET', `/feedback/${spicy.feedback_id}`, river)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/feedback/${spicy.feedback_id}`, river, { version: 1, status: 'resolved' })).statusCode,
    ).toBe(404);
    expect((await call('GET', '/feedbacklist', noPage)).statusCode).toBe(403);
  });

  it('replies, assigns, resolves; a stale version is 409; the customer can answer back', async () => {
    const created = (await submit({ order_id: orderId, rating: 2, comment: 'Wrong order FBX5' })).json().feedback;
    const id = created.feedback_id as number;
    let detail = (await call('GET', `/feedback/${id}`, river)).json().feedback;
    expect(detail).toMatchObject({ status: 'open', version: 1, replies: [], order_number: 'FB-1' });
    // A reply: threaded with author and time; the ticket moves to in progress.
    const reply = await call('POST', `/feedback/${id}/replies`, river, { body: 'Sorry — refund on its way' });
    expect(reply.statusCode, reply.body).toBe(200);
    detail = reply.json().feedback;
    expect(detail).toMatchObject({ status: 'in_progress', version: 2, reply_count: 1 });
    expect(detail.replies[0]).toMatchObject({
      author: 'river.feedback',
      author_kind: 'staff',
      author_name: 'River Feedback',
    });
    expect(detail.replies[0].created_at).toBeTruthy();
    // Stale version (1) after the reply: 409.
    const stale = await call('PATCH', `/feedback/${id}`, river, { version: 1, status: 'resolved' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    // Assignee: must be a user with the page who sees the site.
    const bad = await call('PATCH', `/feedback/${id}`, river, { version: 2, assignee: 'no.feedback' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().extras).toMatchObject({ code: 'unknownAssignee', field: 'assignee' });
    const assigned = await call('PATCH', `/feedback/${id}`, admin, { version: 2, assignee: 'river.feedback' });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().feedback).toMatchObject({
      assignee: 'river.feedback',
      assignee_name: 'River Feedback',
      version: 3,
    });
    expect((await call('GET', '/feedbacklist?assignee=river.feedback', river)).json().total).toBe(1);
    const assignees = (await call('GET', '/feedback/assignees', river)).json().assignees;
    expect(assignees.map((a: { userid: string }) => a.userid)).toContain('river.feedback');
    // Resolve.
    const resolved = await call('PATCH', `/feedback/${id}`, river, { version: 3, status: 'resolved' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().feedback).toMatchObject({ status: 'resolved', version: 4, updated_by: 'river.feedback' });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'feedback'), eq(auditLog.entity_id, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'reply', 'resolve', 'update']);
    // The customer answers through the app: the ticket opens again.
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/v2/bck/ingest/feedback/${id}/replies`,
      headers: { origin: '', authorization: `Bearer ${key}` },
      payload: { body: 'Still waiting' },
    });
    expect(back.statusCode, back.body).toBe(200);
    detail = (await call('GET', `/feedback/${id}`, river)).json().feedback;
    expect(detail).toMatchObject({ status: 'open', reply_count: 2 });
    expect(detail.replies[1]).toMatchObject({ author_kind: 'customer', body: 'Still waiting' });
    // No page: 403.
    expect((await call('POST', `/feedback/${id}/replies`, noPage, { body: 'x' })).statusCode).toBe(403);
  });

  it('keeps a key limited to food courts to its own', async () => {
    const limited = (
      await call('POST', '/api_keys', admin, { api_client: 'fb-limited', foodcourts: ['fc-blr-atrium'] })
    ).json().key;
    const outside = await submit({ order_id: orderId, rating: 4 }, limited);
    // An order of another food court does not exist for the key.
    expect(outside.statusCode, outside.body).toBe(400);
    expect((await submit({ restaurant: 'fc-blr-atrium:spice_route', rating: 4 }, limited)).statusCode).toBe(200);
  });

  it('has demo feedback tied to demo orders', async () => {
    const demo = (await call('GET', '/feedbacklist?page_size=200')).json();
    const seeded = demo.feedback.filter((f: { source: string }) => f.source === '');
    expect(seeded.length).toBeGreaterThan(10);
    expect(seeded.some((f: { order_id: number | null }) => f.order_id !== null)).toBe(true);
    expect(seeded.some((f: { negative: boolean }) => f.negative)).toBe(true);
  });
});
