import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';

/**
 * Data of every kind at two restaurants of two clients (the demo has menus, orders, feedback and some marketing;
 * content, counters, loyalty members and the rest are made here), so that every tenant-owned table has rows
 * hidden from each caller of the isolation test. Made by the administrator through the API, as a user would.
 */
export type Home = { restaurant: string; foodcourt: string; client: string; tag: string };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function makeFixtures(app: App, db: Db, admin: string, homes: Home[]): Promise<string[]> {
  const refused: string[] = [];
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await app.inject({
      method: method as 'POST',
      url: `/v2/bck${url}`,
      payload: payload as Record<string, unknown>,
      headers: { cookie: `cd_session=${admin}` },
    });
    if (res.statusCode >= 300) refused.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.statusCode < 300 ? (res.json() as Record<string, unknown>) : {};
  };
  const idOf = (answer: Record<string, unknown>, key: string) => (answer[key] as { id: number } | undefined)?.id;

  const template = await call('POST', '/counter_template', { name: 'Isolation template', settings: {} });
  const templateId = idOf(template, 'template');
  const classification = await call('POST', '/classifications', { kind: 'diet_tag', name: 'Isolation tag' });
  const classificationId = idOf(classification, 'classification');

  for (const h of homes) {
    const { restaurant: r, foodcourt: fc, client, tag } = h;
    const rows = (await db.execute(
      sql`select foodid from food_items where restaurant = ${r} order by foodid limit 2`,
    )) as unknown as { rows: { foodid: string }[] };
    const [foodid, other] = rows.rows.map((x) => x.foodid);
    await db.execute(
      sql`update restaurants set details = details || '{"enable_subscription": true}'::jsonb where restaurant = ${r}`,
    );

    const counter = await call('POST', '/vendor/counter', {
      name: `Counter ${tag}`,
      foodcourt: fc,
      restaurant: r,
      counter_type: 'food',
      template_id: templateId,
    });
    const counterId = (counter.counter as { counter_id: number } | undefined)?.counter_id;
    await call('POST', '/devices', { name: `Till ${tag}`, device_type: 'POS_windows', counter_id: counterId });
    await call('POST', '/cashiers', { name: `Cashier ${tag}`, foodcourt: fc, counter_ids: [counterId], pin: '4826' });
    const push = await call('GET', `/push_settings?foodcourt=${fc}`);
    await call('PUT', `/push_settings?foodcourt=${fc}`, { foodcourt: fc, rules: [], version: push.version ?? 0 });
    await call('POST', '/qr_codes', { foodcourt: fc, restaurant: r, target_type: 'table', labels: [`T-${tag}`] });

    const offer = await call('POST', '/offers', {
      name: `Offer ${tag}`,
      trigger: 'code',
      status: 'active',
      kind: 'percent',
      code_mode: 'shared',
      shared_code: `ISO${tag}`,
      conditions: { foodcourts: [fc], restaurants: [] },
      reward: { kind: 'percent', percent: 10, applies_to: 'order' },
    });
    const group = await call('POST', '/groups', {
      name: `Group ${tag}`,
      kind: 'rule',
      rule: { foodcourts: [fc], restaurants: [], days: 365 },
    });
    await call('POST', '/campaigns', {
      name: `Campaign ${tag}`,
      channel: 'email',
      group_id: idOf(group, 'group'),
      offer_id: idOf(offer, 'offer'),
      subject: `Hello ${tag}`,
      message: `Message ${tag}`,
      send_at: `${day(5)}T10:00:00Z`,
    });
    await call('POST', '/upsell_rules', { name: `Upsell ${tag}`, foodcourts: [fc], suggestions: [foodid] });
    const program = await call('POST', '/loyalty/programs', {
      name: `Points ${tag}`,
      kind: 'points',
      status: 'active',
      foodcourts: [fc],
      points: { per_amount: { points: 1, per: 10 } },
    });
    const programId = idOf(program, 'program');
    await call('POST', '/loyalty/rewards', {
      program_id: programId,
      name: `Reward ${tag}`,
      cost: 1,
      reward: { kind: 'amount', amount: 10 },
    });
    await call('POST', `/loyalty/programs/${programId}/members/ISO-${tag}-1/adjust`, { points: 5, reason: 'Welcome' });
    const plan = await call('POST', '/subscription_plans', {
      restaurant: r,
      name: `Plan ${tag}`,
      status: 'active',
      sessions: ['Lunch'],
      days: [1, 2, 3, 4, 5],
      price: 100,
    });
    await call('POST', '/subscriptions', {
      plan_id: idOf(plan, 'plan'),
      customer_ref: `ISO-${tag}-1`,
      start_date: day(3),
    });

    const page = await call('POST', '/html-pages', {
      title: `Page ${tag}`,
      slug: `iso-${tag.toLowerCase()}`,
      foodcourt: fc,
      client,
      html: `<p>Page ${tag}</p>`,
    });
    const pageRow = page.page as { id: number; version: number } | undefined;
    if (pageRow) await call('POST', `/html-pages/${pageRow.id}/publish`, { version: pageRow.version });
    await call('POST', '/buzzfeed/posts', {
      title: `News ${tag}`,
      body: `News ${tag}`,
      foodcourts: [fc],
      status: 'published',
      poll: { question: `Poll ${tag}?`, options: ['Yes', 'No'] },
    });
    await call('POST', '/notifications', {
      title: `Note ${tag}`,
      body: `Note ${tag}`,
      channels: ['in_app'],
      audience: 'sites',
      foodcourts: [fc],
      status: 'draft',
    });
    await call('POST', '/banner-programs', {
      name: `Banners ${tag}`,
      slot: 'app_home',
      foodcourts: [fc],
      channels: ['app'],
      status: 'active',
      banners: [{ id: `b-${tag}`, media: `https://cdn.example.test/${tag}.png`, alt: `Banner ${tag}`, seconds: 5 }],
    });
    await call('POST', '/documents', { title: `Licence ${tag}`, category: 'licence', foodcourt: fc, restaurant: r });
    await call('POST', '/reports/embeds/config', {
      client,
      name: `Dashboard ${tag}`,
      provider: 'metabase',
      site_url: 'https://bi.example.test',
      resource: '7',
      secret: '0123456789abcdef0123456789abcdef',
    });
    await call('POST', '/sap-inflow/rules', { kind: 'sales', client, restaurant: r, gl_account: `4000${tag}` });
    await call('POST', '/pos/targets', {
      name: `POS ${tag}`,
      kind: 'pos',
      url: `https://pos-${tag.toLowerCase()}.example.test/menu`,
      restaurants: [r],
    });
    await call('POST', '/menu/snoozes', {
      restaurant: r,
      target_type: 'item',
      target_id: other ?? foodid,
      minutes: 600,
      reason: 'Out',
    });
    // A scheduled menu change of the restaurant (issue 36), due in a day: nobody else may see, publish or cancel it.
    await call('POST', '/menu-changes', {
      restaurant: r,
      name: `Change ${tag}`,
      publish_at: new Date(Date.now() + 86_400_000).toISOString(),
      entries: [{ foodid, values: { price: 1 } }],
    });
    await call('POST', '/stock_update', {
      restaurant: r,
      request_id: `iso-${tag}`,
      items: [{ foodid, quantity: 5, mode: 'set' }],
    });
    await call('POST', '/production_plans/propose', { restaurant: r, plan_date: day(2), session: 'Lunch' });
    await call('POST', '/pos/plu/assign', { restaurant: r, start: 100 });
    if (classificationId) await call('POST', `/classifications/${classificationId}/assign`, { foodids: [foodid] });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const boundary = `----iso${tag}`;
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\nmenu_item\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="value"\r\n\r\n${r}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="dish-${tag}.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const image = await app.inject({
      method: 'POST',
      url: '/v2/bck/imagemanager',
      payload: form,
      headers: { cookie: `cd_session=${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (image.statusCode >= 300) refused.push(`POST /imagemanager: ${image.statusCode} ${image.body.slice(0, 300)}`);
    const [order] = (
      (await db.execute(
        sql`select id from orders where restaurant = ${r} and status = 'completed' order by id limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    if (order) await call('POST', '/invoices', { order_id: Number(order.id) });
    // A saved view of the client's (what a user of its sites saves; an administrator's names no client).
    await db.execute(
      sql`insert into saved_views (clients, owner_id, list_key, name, query)
        select array[${client}]::text[], id, '/orderhistory', ${`View ${tag}`}, ${`restaurant=${r}`}
        from users where userid = 'demo.admin'`,
    );
  }
  return refused;
}
