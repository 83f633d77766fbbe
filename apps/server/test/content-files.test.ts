import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { FOODPIC_MAX_SIDE } from '@cd/core';
import { foodItems, mediaImages, pdfDocuments, users } from '../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { remindDocuments } from '../src/modules/content-files/index.js';
import { createCampaignSender, type CampaignMessage } from '../src/modules/marketing/campaigns.service.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const FOODCOURT = 'fc-blr-atrium';
const SPICE = 'fc-blr-atrium:spice_route';
type Upload = { name: string; data: Buffer; type?: string };

async function multipart(fields: Record<string, string>, files: Upload[], fileField: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append(fileField, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

async function makePdf(pages: number, title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]).drawText(`${title} page ${i + 1}`, { x: 20, y: 200 });
  return Buffer.from(await doc.save());
}

const png = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 40 } } })
    .png()
    .toBuffer();
/** Random pixels do not compress: about 3 bytes per pixel. */
const noisyPng = (side: number) =>
  sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();

const isoDay = (offsetDays: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
};

describe.each(backends)('content files on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let outsider: string;
  let picsOnly: string;
  let apiKey: string;

  const signIn = async (userid: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res)!;
  };
  const api = (method: string, url: string, payload?: unknown, cookie = admin) =>
    ctx.app.inject({
      method: method as 'GET',
      url: `/v2/bck${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { cookie: `cd_session=${cookie}` },
    });
  const send = async (url: string, fields: Record<string, string>, files: Upload[], field: string, cookie = admin) => {
    const body = await multipart(fields, files, field);
    return ctx.app.inject({
      method: 'POST',
      url: `/v2/bck${url}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: `cd_session=${cookie}` },
    });
  };
  const uploadPdf = (
    id: number,
    data: Buffer,
    name = 'menu.pdf',
    cookie = admin,
    fields: Record<string, string> = {},
  ) => send(`/documents/${id}/file`, fields, [{ name, data, type: 'application/pdf' }], 'file', cookie);
  const byKey = (url: string) =>
    ctx.app.inject({ method: 'GET', url: `/v2/bck${url}`, headers: { authorization: `Bearer ${apiKey}` } });
  const createDocument = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/documents', { title: 'Doc', foodcourt: FOODCOURT, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().document as { id: number; version: number };
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const hash = await hashPassword(DEMO_PASSWORD);
    await ctx.database.db.insert(users).values([
      {
        userid: 'docs.london',
        name: 'London Documents',
        email: 'docs.london@demo.controldesk.test',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['general_pdf_documents', 'foodpic_dashboard'],
        sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
      },
      {
        userid: 'pics.only',
        name: 'Pictures Only',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['foodpic_dashboard'],
        sites: { locations: [], foodcourts: [FOODCOURT], restaurants: [] },
      },
    ]);
    // Two more items: the restaurant then has nine.
    await ctx.database.db.insert(foodItems).values([
      { foodid: 'spice_route_veg_samosa', restaurant: SPICE, foodname: 'Veg Samosa', price: '40', sequence: 50 },
      { foodid: 'spice_route_gulab_jamun', restaurant: SPICE, foodname: 'Gulab Jamun', price: '60', sequence: 51 },
    ]);
    outsider = await signIn('docs.london');
    picsOnly = await signIn('pics.only');
    const key = await api('POST', '/api_keys', { api_client: 'documents-app' });
    expect(key.statusCode, key.body).toBe(200);
    apiKey = key.json().key;
  });
  afterAll(async () => ctx.close());

  describe('PDF documents', () => {
    let id: number;
    let first: Buffer;
    let second: Buffer;

    it('adds a document; the restaurant must be in the food court', async () => {
      const wrong = await api('POST', '/documents', {
        title: 'Menu',
        foodcourt: 'fc-blr-tower-b',
        restaurant: SPICE,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().extras.field).toBe('restaurant');
      const doc = await createDocument({ title: 'Spice Route menu', category: 'menu', restaurant: SPICE });
      expect(doc).toMatchObject({ state: 'no_file', revisions: 0, file: null, version: 1 });
      id = doc.id;
    });

    it('takes a real PDF: pages, a revision, and the same bytes back', async () => {
      first = await makePdf(3, 'First');
      const res = await uploadPdf(id, first, 'Spice menu.pdf');
      expect(res.statusCode, res.body).toBe(200);
      const doc = res.json().document;
      expect(doc).toMatchObject({ state: 'valid', revisions: 1, version: 2 });
      expect(doc.file).toMatchObject({ revision: 1, pages: 3, size: first.length, file_name: 'Spice_menu.pdf' });
      const file = await api('GET', `/documents/${id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="Spice_menu.pdf"/);
      expect(file.rawPayload.equals(first)).toBe(true);
    });

    it('makes revision 2 with a second upload and keeps revision 1', async () => {
      second = await makePdf(1, 'Second');
      const res = await uploadPdf(id, second, 'menu-v2.pdf', admin, { version: '2' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().document).toMatchObject({ revisions: 2, version: 3, file: { revision: 2, pages: 1 } });
      const revisions = (await api('GET', `/documents/${id}/revisions`)).json().revisions;
      expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
      expect((await api('GET', `/documents/${id}/file`)).rawPayload.equals(second)).toBe(true);
      const old = await api('GET', `/documents/${id}/file?revision=1`);
      expect(old.statusCode).toBe(200);
      expect(old.rawPayload.equals(first)).toBe(true);
      expect((await api('GET', `/documents/${id}/file?revision=9`)).statusCode).toBe(404);
      // A stale version is refused.
      expect((await uploadPdf(id, second, 'menu.pdf', admin, { version: '2' })).statusCode).toBe(409);
    });

    it('refuses fakes with 400 and changes nothing', async () => {
      const fakes: Upload[] = [
        { name: 'x.pdf', data: await png(20, 20) },
        { name: 'garbage.pdf', data: Buffer.from('%PDF-1.7 garbage') },
        { name: 'truncated.pdf', data: first.subarray(0, 200) },
        { name: 'photo.jpg', data: Buffer.from('just some text, not a picture') },
      ];
      for (const fake of fakes) {
        const res = await uploadPdf(id, fake.data, fake.name);
        expect(res.statusCode, fake.name).toBe(400);
        expect(res.json().message, fake.name).toBe('This file is not a valid PDF');
      }
      const doc = (await api('GET', `/documents/${id}`)).json().document;
      expect(doc).toMatchObject({ revisions: 2, version: 3, file: { revision: 2 } });
      expect((await api('GET', `/documents/${id}/revisions`)).json().revisions).toHaveLength(2);
      const stored = fs.readdirSync(path.join(ctx.dataDir, 'files', 'documents', String(id)));
      expect(stored.filter((f) => !f.endsWith('.tmp'))).toHaveLength(2);
    });

    it('never serves documents as public files', async () => {
      const key = fs.readdirSync(path.join(ctx.dataDir, 'files', 'documents', String(id)))[0]!;
      const res = await ctx.app.inject({ method: 'GET', url: `/files/documents/${id}/${key}` });
      expect(res.statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/v2/bck/documents/${id}/file` })).statusCode).toBe(401);
    });

    it('keeps documents of other sites from a scoped user', async () => {
      const list = (await api('GET', '/documents', undefined, outsider)).json();
      expect(list.documents.map((d: { id: number }) => d.id)).not.toContain(id);
      expect((await api('GET', `/documents/${id}`, undefined, outsider)).statusCode).toBe(404);
      expect((await api('GET', `/documents/${id}/file`, undefined, outsider)).statusCode).toBe(404);
      expect((await api('GET', `/documents/${id}/revisions`, undefined, outsider)).statusCode).toBe(404);
      expect((await uploadPdf(id, first, 'menu.pdf', outsider)).statusCode).toBe(404);
      const create = await api('POST', '/documents', { title: 'Not mine', foodcourt: FOODCOURT }, outsider);
      expect(create.statusCode).toBe(403);
      const own = await api('POST', '/documents', { title: 'River licence', foodcourt: 'fc-ldn-river' }, outsider);
      expect(own.statusCode, own.body).toBe(200);
      const mine = (await api('GET', '/documents', undefined, outsider)).json();
      expect(mine.documents.map((d: { title: string }) => d.title)).toEqual(['River licence']);
    });

    it('saves with a version check; a new expiry date clears the reminder', async () => {
      const doc = (await api('GET', `/documents/${id}`)).json().document;
      const body = { title: 'Spice Route menu', category: 'menu', foodcourt: FOODCOURT, restaurant: SPICE };
      const stale = await api('PUT', `/documents/${id}`, { ...body, version: 1 });
      expect(stale.statusCode).toBe(409);
      await ctx.database.db.update(pdfDocuments).set({ reminded_at: new Date() }).where(eq(pdfDocuments.id, id));
      const same = await api('PUT', `/documents/${id}`, { ...body, version: doc.version });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json().document.reminded_at).not.toBeNull();
      const moved = await api('PUT', `/documents/${id}`, {
        ...body,
        expires_on: isoDay(400),
        version: same.json().document.version,
      });
      expect(moved.json().document).toMatchObject({ reminded_at: null, expires_on: isoDay(400), state: 'valid' });
    });

    it('reminds once when a document enters its reminder window', async () => {
      const doc = await createDocument({ title: 'Fire certificate', category: 'certificate', expires_on: isoDay(10) });
      expect((await uploadPdf(doc.id, await makePdf(1, 'Fire'))).statusCode).toBe(200);
      const later = await createDocument({ title: 'Far licence', expires_on: isoDay(200), remind_days: 30 });
      expect((await uploadPdf(later.id, await makePdf(1, 'Far'))).statusCode).toBe(200);
      const sent: CampaignMessage[] = [];
      const sender = { send: async (batch: CampaignMessage[]) => void sent.push(...batch) };
      const log = { warn: () => undefined, info: () => undefined };
      expect(await remindDocuments(ctx.database.db, sender, log)).toEqual([doc.id]);
      expect(sent).toEqual([
        expect.objectContaining({
          channel: 'email',
          to: 'admin@demo.controldesk.test',
          subject: expect.stringContaining('Fire certificate'),
        }),
      ]);
      expect(await remindDocuments(ctx.database.db, sender, log)).toEqual([]);
      expect(sent).toHaveLength(1);
      const listed = (await api('GET', '/documents?state=expiring')).json().documents;
      expect(listed.map((d: { id: number }) => d.id)).toEqual([doc.id]);
      expect(listed[0].reminded_at).not.toBeNull();

      // Through the campaigns' delivery: the dev outbox.
      const current = (await api('GET', `/documents/${doc.id}`)).json().document;
      await api('PUT', `/documents/${doc.id}`, {
        title: 'Fire certificate',
        category: 'certificate',
        foodcourt: FOODCOURT,
        expires_on: isoDay(5),
        version: current.version,
      });
      const outbox = createCampaignSender(ctx.config, ctx.app.log);
      expect(await remindDocuments(ctx.database.db, outbox, log)).toEqual([doc.id]);
      expect(await remindDocuments(ctx.database.db, outbox, log)).toEqual([]);
      const lines = fs
        .readFileSync(path.join(ctx.dataDir, 'outbox.log'), 'utf8')
        .split('\n')
        .filter((l) => l.includes('Fire certificate'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('to=admin@demo.controldesk.test');
    });

    it('lists only public, unexpired documents with a file to the ordering apps', async () => {
      const shown = await createDocument({ title: 'Allergen sheet', public: true, expires_on: isoDay(30) });
      await uploadPdf(shown.id, await makePdf(2, 'Allergens'));
      const expired = await createDocument({ title: 'Old menu', public: true, expires_on: isoDay(-1) });
      await uploadPdf(expired.id, await makePdf(1, 'Old'));
      const hidden = await createDocument({ title: 'Private licence', public: false });
      await uploadPdf(hidden.id, await makePdf(1, 'Private'));
      await createDocument({ title: 'Public but empty', public: true });

      expect(
        (await ctx.app.inject({ method: 'GET', url: `/v2/bck/content/documents?foodcourt=${FOODCOURT}` })).statusCode,
      ).toBe(401);
      const res = await byKey(`/content/documents?foodcourt=${FOODCOURT}`);
      expect(res.statusCode, res.body).toBe(200);
      const docs = res.json().documents as { id: number; title: string; pages: number; url: string }[];
      expect(docs.map((d) => d.title)).toEqual(['Allergen sheet']);
      expect(docs[0]).toMatchObject({ pages: 2 });
      const file = await byKey(new URL(docs[0]!.url).pathname.replace('/v2/bck', ''));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await byKey(`/content/documents/${hidden.id}/file`)).statusCode).toBe(404);
      expect((await byKey(`/content/documents/${expired.id}/file`)).statusCode).toBe(404);
      expect((await byKey(`/content/documents?foodcourt=fc-ldn-river`)).json().documents).toEqual([]);

      const expiredList = (await api('GET', '/documents?state=expired')).json().documents;
      expect(expiredList.map((d: { title: string }) => d.title)).toEqual(['Old menu']);
      const noFile = (await api('GET', `/documents?state=no_file&foodcourt=${FOODCOURT}`)).json().documents;
      expect(noFile.map((d: { title: string }) => d.title)).toEqual(['Public but empty']);
      const exported = await api('GET', '/documents/export?category=menu');
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
    });

    it('deletes a document with its files', async () => {
      const doc = (await api('GET', `/documents/${id}`)).json().document;
      expect((await api('DELETE', `/documents/${id}?version=1`)).statusCode).toBe(409);
      const res = await api('DELETE', `/documents/${id}?version=${doc.version}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((await api('GET', `/documents/${id}`)).statusCode).toBe(404);
      const dir = path.join(ctx.dataDir, 'files', 'documents', String(id));
      expect(fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp'))).toEqual([]);
    });
  });

  describe('food pictures', () => {
    const NAMED = [
      'spice_route_paneer_tikka.png',
      'Chicken Biryani.png',
      'masala-dosa.jpg',
      'SPICE_ROUTE_EGG_CURRY.png',
      'Mango Lassi.jpeg',
      'masala_chai.png',
      'Thali Meal Deal.png',
      'veg samosa.png',
      'spice_route_gulab_jamun.png',
    ];
    const match = (fields: Record<string, string>, files: Upload[], cookie = admin) =>
      send('/foodpic/match', fields, files, 'images', cookie);

    it('matches ten pictures: nine to items, one to none; applies the nine', async () => {
      const uploads: Upload[] = [];
      for (const [i, name] of NAMED.entries()) {
        const big = i === 0;
        const data = /\.jpe?g$/.test(name)
          ? await jpeg(800, 600)
          : await png(big ? 2400 : 640, big ? 1600 : 480, i * 20);
        uploads.push({ name, data });
      }
      uploads.push({ name: 'mystery dish.png', data: await png(300, 300) });
      const res = await match({ restaurant: SPICE }, uploads);
      expect(res.statusCode, res.body).toBe(200);
      const { batch, previews } = res.json() as {
        batch: string;
        previews: {
          file: string;
          name: string;
          problems: string[];
          thumbnail: string | null;
          match: { kind: string; foodid?: string; current_image?: string };
        }[];
      };
      expect(previews).toHaveLength(10);
      const matched = previews.filter((p) => p.match.kind === 'id' || p.match.kind === 'name');
      expect(matched).toHaveLength(9);
      expect(previews.filter((p) => p.match.kind === 'none').map((p) => p.name)).toEqual(['mystery dish.png']);
      expect(previews.every((p) => p.problems.length === 0 && p.thumbnail?.startsWith('data:image/webp;base64,'))).toBe(
        true,
      );
      expect(previews[0]!.match).toMatchObject({ kind: 'id', foodid: 'spice_route_paneer_tikka', current_image: '' });
      expect(previews[1]!.match).toMatchObject({ kind: 'name', foodid: 'spice_route_chicken_biryani' });

      const ids = matched.map((p) => p.match.foodid!);
      const before = await ctx.database.db.select().from(foodItems).where(inArray(foodItems.foodid, ids));
      const apply = await api('POST', '/foodpic/apply', {
        batch,
        restaurant: SPICE,
        matches: [
          ...matched.map((p) => ({ file: p.file, foodid: p.match.foodid! })),
          { file: previews[9]!.file, foodid: 'noodle_house_green_tea' },
          { file: 'not-a-token', foodid: 'spice_route_masala_chai' },
        ],
      });
      expect(apply.statusCode, apply.body).toBe(200);
      const done = apply.json() as { applied: { foodid: string; image: string }[]; skipped: { reason: string }[] };
      expect(done.applied).toHaveLength(9);
      expect(done.skipped).toHaveLength(2);
      expect(done.skipped[0]!.reason).toMatch(/No item noodle_house_green_tea/);

      const after = await ctx.database.db.select().from(foodItems).where(inArray(foodItems.foodid, ids));
      for (const item of after) {
        const old = before.find((b) => b.foodid === item.foodid)!;
        expect(item.version).toBe(old.version + 1);
        expect(item.updated_by).toBe('demo.admin');
        expect(item.imageurl).toBe(done.applied.find((a) => a.foodid === item.foodid)!.image);
        expect(item.imageurl).toMatch(/^http:\/\/127\.0\.0\.1:3999\/files\/media\/.+\.(png|jpg|jpeg)$/);
        expect(item.details).toMatchObject({ imagesource: 'menu_item' });
      }

      const menu = await api('GET', `/vendor/fooditem?restaurant=${encodeURIComponent(SPICE)}`);
      expect(menu.statusCode).toBe(200);
      const shown = menu.json().fooditems as { foodid: string; imageurl: string }[];
      for (const a of done.applied) expect(shown.find((i) => i.foodid === a.foodid)?.imageurl).toBe(a.image);

      const images = await ctx.database.db
        .select()
        .from(mediaImages)
        .where(and(eq(mediaImages.action, 'menu_item'), eq(mediaImages.value, SPICE)));
      expect(images).toHaveLength(9);
      for (const a of done.applied) {
        const file = await ctx.app.inject({ method: 'GET', url: new URL(a.image).pathname });
        expect(file.statusCode).toBe(200);
        const meta = await sharp(file.rawPayload).metadata();
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(FOODPIC_MAX_SIDE);
        if (a.foodid === 'spice_route_paneer_tikka') expect([meta.width, meta.height]).toEqual([1200, 800]);
        else expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(800);
      }
      // The image manager lists them for the item editor.
      const listed = await api('GET', `/imagemanager?action=menu_item&value=${encodeURIComponent(SPICE)}`);
      expect(listed.json().data).toHaveLength(9);
    });

    it('reports a lying picture as a problem and will not apply it', async () => {
      const res = await match({ restaurant: SPICE }, [
        { name: 'Egg Curry.jpg', data: Buffer.from('this is text, not a jpeg') },
        { name: 'Masala Dosa.png', data: await png(100, 100) },
        { name: 'Mango Lassi.png', data: await noisyPng(900) },
        { name: 'Masala Chai.gif', data: await png(10, 10) },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const { batch, previews } = res.json();
      expect(previews[1].problems).toEqual([]);
      expect(previews[2].problems).toEqual(['Larger than 2 MB']);
      expect(previews[3].problems[0]).toMatch(/allowed: jpg, jpeg, png/);
      expect(previews[0].problems).toHaveLength(1);
      expect(previews[0].problems[0]).toMatch(/not a valid jpg/);
      expect(previews[0].thumbnail).toBeNull();
      expect(previews[0].match).toMatchObject({ kind: 'name', foodid: 'spice_route_egg_curry' });
      const [egg] = await ctx.database.db.select().from(foodItems).where(eq(foodItems.foodid, 'spice_route_egg_curry'));
      const apply = await api('POST', '/foodpic/apply', {
        batch,
        restaurant: SPICE,
        matches: [{ file: previews[0].file, foodid: 'spice_route_egg_curry' }],
      });
      expect(apply.statusCode, apply.body).toBe(200);
      expect(apply.json().applied).toEqual([]);
      expect(apply.json().skipped[0].reason).toMatch(/did not pass the checks/);
      const [still] = await ctx.database.db
        .select()
        .from(foodItems)
        .where(eq(foodItems.foodid, 'spice_route_egg_curry'));
      expect(still).toMatchObject({ version: egg!.version, imageurl: egg!.imageurl });

      // Another user's batch, an unknown one, or another restaurant are refused.
      const other = await api(
        'POST',
        '/foodpic/apply',
        { batch, restaurant: SPICE, matches: [{ file: previews[1].file, foodid: 'spice_route_masala_dosa' }] },
        picsOnly,
      );
      expect(other.statusCode).toBe(404);
      const wrong = await api('POST', '/foodpic/apply', {
        batch,
        restaurant: 'fc-blr-atrium:dosa_corner',
        matches: [{ file: previews[1].file, foodid: 'spice_route_masala_dosa' }],
      });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().extras.field).toBe('restaurant');
      const unknown = await api('POST', '/foodpic/apply', {
        batch: 'no-such-batch',
        restaurant: SPICE,
        matches: [{ file: previews[1].file, foodid: 'spice_route_masala_dosa' }],
      });
      expect(unknown.statusCode).toBe(404);
    });

    it("refuses a restaurant outside the user's sites", async () => {
      const res = await match({ restaurant: SPICE }, [{ name: 'Egg Curry.png', data: await png(50, 50) }], outsider);
      expect(res.statusCode).toBe(404);
      const missing = await match({ restaurant: 'fc-blr-atrium:nowhere' }, [
        { name: 'a.png', data: await png(50, 50) },
      ]);
      expect(missing.statusCode).toBe(404);
    });

    it('lets the pictures page upload to the common item image library', async () => {
      const res = await send(
        '/imagemanager',
        { action: 'commonItemImages', value: 'common' },
        [{ name: 'naan.png', data: await png(200, 200) }],
        'images',
        picsOnly,
      );
      expect(res.statusCode, res.body).toBe(200);
      const listed = await api('GET', '/imagemanager?action=commonItemImages&value=common', undefined, picsOnly);
      expect(listed.json().data.map((i: { name: string }) => i.name)).toEqual(['naan.png']);
    });
  });
});
