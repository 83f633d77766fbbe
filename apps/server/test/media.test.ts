import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, mediaImages, users } from '../src/db/schema/index.js';
import { DEMO_PASSWORD } from '../src/db/seed/demo.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

type Item = {
  id: number;
  url: string;
  name: string;
  keywords: string[];
  width: number | null;
  height: number | null;
  size: number;
  file_ext: string;
  type: string;
  version: number;
  uploaded_by: string;
};
type Upload = { name: string; data: Buffer; type?: string };

const FOODCOURT = 'fc-blr-atrium';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
/** Random pixels do not compress: a PNG of about 3 bytes per pixel. */
const noisyPng = (side: number) =>
  sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A minimal ISO-BMFF file: ftyp (isom), moov › trak › tkhd (version 0) with the given size, mdat. */
function mp4(width: number, height: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0); // version 0, flags
  tkhd.writeUInt32BE(width * 65536, 76);
  tkhd.writeUInt32BE(height * 65536, 80);
  const moov = box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', tkhd)));
  return Buffer.concat([ftyp, moov, box('mdat', crypto.randomBytes(256))]);
}

async function multipart(fields: Record<string, string>, files: Upload[], fileField = 'images') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    form.append(fileField, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe.each(backends)('image manager on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  let outsider: string;
  let readOnly: string;

  const signIn = async (userid: string, password = DEMO_PASSWORD) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res)!;
  };
  const list = (cookie: string, action = 'restaurant', value = FOODCOURT, search?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/v2/bck/imagemanager',
      query: { action, value, ...(search ? { search } : {}) },
      headers: { cookie: `cd_session=${cookie}` },
    });
  const upload = async (
    cookie: string,
    files: Upload[],
    fields: Record<string, string> = { action: 'restaurant', value: FOODCOURT },
    fileField?: string,
  ) => {
    const body = await multipart(fields, files, fileField);
    return ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/imagemanager',
      payload: body.payload,
      headers: { ...body.headers, cookie: `cd_session=${cookie}` },
    });
  };
  const fetchFile = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
  const storedFiles = () => {
    const dir = path.join(ctx.dataDir, 'files', 'media');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
    const hash = await hashPassword(DEMO_PASSWORD);
    await ctx.database.db.insert(users).values([
      {
        userid: 'no.restaurant',
        name: 'No Restaurant Page',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['location', 'subMenuManagement'],
        sites: { locations: [], foodcourts: [FOODCOURT], restaurants: [] },
      },
      {
        userid: 'read.only',
        name: 'Read Only',
        password_hash: hash,
        login_types: ['password'],
        pagepermissionaccess: ['restaurant'],
        read_only_access: ['restaurant'],
        sites: { locations: [], foodcourts: [FOODCOURT], restaurants: [] },
      },
    ]);
    outsider = await signIn('no.restaurant');
    readOnly = await signIn('read.only');
  });
  afterAll(async () => ctx.close());

  it('stores a real PNG, lists it with its size and serves it at its url', async () => {
    const data = await png(1920, 1080);
    const res = await upload(admin, [{ name: 'hero.png', data, type: 'image/png' }], {
      action: 'restaurant',
      value: FOODCOURT,
      keywords: 'front, lunch , ,front',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().data as Item[];
    expect(item).toMatchObject({
      name: 'hero.png',
      width: 1920,
      height: 1080,
      size: data.length,
      file_ext: 'png',
      type: 'image',
      keywords: ['front', 'lunch'],
      uploaded_by: 'demo.admin',
      version: 1,
    });
    expect(item!.url).toMatch(/^http:\/\/127\.0\.0\.1:3999\/files\/media\/[0-9a-f-]{36}\.png$/);

    const listed = await list(admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().result).toBe('success');
    expect((listed.json().data as Item[]).map((i) => i.id)).toContain(item!.id);
    expect((await list(admin, 'restaurant', FOODCOURT, 'lunch')).json().data).toHaveLength(1);
    expect((await list(admin, 'restaurant', FOODCOURT, 'nothing-like-it')).json().data).toHaveLength(0);

    const file = await fetchFile(item!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^inline/);
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.equals(data)).toBe(true);

    const partial = await fetchFile(item!.url, { range: 'bytes=0-7' });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 0-7/${data.length}`);
    expect(partial.rawPayload.equals(data.subarray(0, 8))).toBe(true);
    const cached = await fetchFile(item!.url, { 'if-none-match': String(file.headers.etag) });
    expect(cached.statusCode).toBe(304);

    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'media_image'), eq(auditLog.entity_id, String(item!.id))));
    expect(row).toMatchObject({ action: 'create', actor: 'demo.admin' });
  });

  it('judges files by their content: a .png holding text is refused and nothing is stored', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await list(admin)).json().data.length;
    const res = await upload(admin, [
      { name: 'good.png', data: await png(10, 10) },
      { name: 'x.png', data: Buffer.from('this is not an image at all'), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 'failure', extras: { code: 'invalidFile', file: 'x.png' } });
    expect(res.json().message).toContain('x.png');
    expect(storedFiles()).toHaveLength(before);
    expect((await list(admin)).json().data).toHaveLength(rowsBefore);

    const jpegNamedPng = await sharp(await png(20, 20))
      .jpeg()
      .toBuffer();
    const mismatch = await upload(admin, [{ name: 'photo.png', data: jpegNamedPng }]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().extras.code).toBe('invalidFile');

    const wrongFormat = await upload(admin, [{ name: 'notes.txt', data: Buffer.from('hello') }]);
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.json().extras.code).toBe('invalidFormat');
    // Restaurant images are thumbnails: jpg, jpeg or png only.
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    expect((await upload(admin, [{ name: 'anim.gif', data: gif }])).json().extras.code).toBe('invalidFormat');
  });

  it('refuses a file above the size limit (1MB for restaurant thumbnails)', async () => {
    const before = storedFiles().length;
    const big = await noisyPng(700);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(admin, [{ name: 'big.png', data: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().extras).toMatchObject({ code: 'invalidSize', file: 'big.png' });
    expect(storedFiles()).toHaveLength(before);
  });

  it('stops receiving a file larger than any limit', async () => {
    // 3.3MB: above the general image limit of 2MB, below the stream cap of 5MB.
    const res = await upload(admin, [{ name: 'huge.png', data: await noisyPng(1050) }], {
      action: 'banners',
      value: 'home',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().extras.code).toBe('invalidSize');
    // 6MB: above the 5MB cap, truncated while streaming.
    const over = await upload(admin, [{ name: 'over.mp4', data: Buffer.alloc(6 * 1024 * 1024) }], {
      action: 'banners',
      value: 'home',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().extras.code).toBe('invalidSize');
  });

  it('gives a clashing name a numeric prefix within the same action and value', async () => {
    const data = await png(32, 32);
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await upload(admin, [{ name: 'dup.png', data }]);
      expect(res.statusCode, res.body).toBe(200);
      names.push((res.json().data as Item[])[0]!.name);
    }
    expect(names).toEqual(['dup.png', '1_dup.png', '2_dup.png']);
    // Two of the same name in one upload, and the same name elsewhere is free.
    const both = await upload(admin, [
      { name: 'pair.png', data },
      { name: 'pair.png', data },
    ]);
    expect((both.json().data as Item[]).map((i) => i.name)).toEqual(['pair.png', '1_pair.png']);
    const elsewhere = await upload(admin, [{ name: 'dup.png', data }], { action: 'sub_menu', value: 'submenu_image' });
    expect((elsewhere.json().data as Item[])[0]!.name).toBe('dup.png');
  });

  it('accepts an mp4 by its ftyp box in the general library and refuses a fake one', async () => {
    const res = await upload(admin, [{ name: 'intro.mp4', data: mp4(1920, 1080) }], {
      action: 'banners',
      value: 'home',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [video] = res.json().data as Item[];
    expect(video).toMatchObject({ type: 'video', file_ext: 'mp4', width: 1920, height: 1080 });
    const served = await fetchFile(video!.url);
    expect(served.headers['content-type']).toBe('video/mp4');

    const fake = await upload(admin, [{ name: 'fake.mp4', data: Buffer.from('not a video, just text....') }], {
      action: 'banners',
      value: 'home',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().extras.code).toBe('invalidFile');
  });

  it('edits keywords and name with the version seen, and refuses a stale version', async () => {
    const up = await upload(admin, [{ name: 'edit-me.png', data: await png(16, 16) }]);
    const item = (up.json().data as Item[])[0]!;
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/v2/bck/imagemanager/${item.id}`,
        payload,
        headers: { cookie: `cd_session=${admin}` },
      });
    const res = await put({ keywords: 'veg, starter', name: 'renamed', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ keywords: ['veg', 'starter'], name: 'renamed.png', version: 2 });
    const stale = await put({ keywords: ['other'], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().extras.code).toBe('versionConflict');
    const clash = await put({ name: 'hero.png', version: 2 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().extras.code).toBe('nameExists');
    const [row] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'media_image'), eq(auditLog.entity_id, String(item.id)), eq(auditLog.action, 'update')),
      );
    expect(row).toBeDefined();
  });

  it('deletes the record and its file', async () => {
    const up = await upload(admin, [{ name: 'gone.png', data: await png(16, 16) }]);
    const item = (up.json().data as Item[])[0]!;
    expect((await fetchFile(item.url)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/bck/imagemanager/${item.id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fetchFile(item.url)).statusCode).toBe(404);
    const rows = await ctx.database.db.select().from(mediaImages).where(eq(mediaImages.id, item.id));
    expect(rows).toHaveLength(0);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/v2/bck/imagemanager/${item.id}`,
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses a user without the action's page (403) and read-only users' writes", async () => {
    expect((await list(outsider)).statusCode).toBe(403);
    const before = storedFiles().length;
    const res = await upload(outsider, [{ name: 'sneaky.png', data: await png(8, 8) }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().extras.code).toBe('forbidden');
    expect(storedFiles()).toHaveLength(before);
    // The same user holds submenu management, so the sub_menu images of a restaurant of theirs are theirs; the
    // shared price-book library needs the price-book page.
    expect((await list(outsider, 'sub_menu', 'fc-blr-atrium:spice_route')).statusCode).toBe(200);
    expect((await list(outsider, 'sub_menu', 'submenu_image')).statusCode).toBe(403);
    const [someone] = (await list(admin)).json().data as Item[];
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/v2/bck/imagemanager/${someone!.id}`,
      payload: { keywords: 'x', version: someone!.version },
      headers: { cookie: `cd_session=${outsider}` },
    });
    expect(edit.statusCode).toBe(403);

    expect((await list(readOnly)).statusCode).toBe(200);
    const write = await upload(readOnly, [{ name: 'ro.png', data: await png(8, 8) }]);
    expect(write.statusCode).toBe(403);
    expect(write.json().extras.code).toBe('readOnly');
    // Restaurant images need the food court among the user's sites.
    expect((await list(readOnly, 'restaurant', 'fc-ldn-river')).statusCode).toBe(403);
    expect((await list(admin, 'restaurant', 'fc-nowhere')).statusCode).toBe(404);
    // Anonymous callers are signed out.
    const anon = await ctx.app.inject({ method: 'GET', url: '/v2/bck/imagemanager?action=restaurant&value=x' });
    expect(anon.statusCode).toBe(401);
  });

  it('scopes menu item and submenu images to the restaurants of the user (issue 12 point 9)', async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    await ctx.database.db.insert(users).values({
      userid: 'river.menu',
      name: 'River Menu',
      password_hash: hash,
      login_types: ['password'],
      pagepermissionaccess: ['editMenu', 'subMenuManagement'],
      sites: { locations: [], foodcourts: ['fc-ldn-river'], restaurants: [] },
    });
    const river = await signIn('river.menu');
    const theirs = 'fc-ldn-river:noodle_house';
    const notTheirs = 'fc-blr-atrium:spice_route';
    const up = await upload(admin, [{ name: 'spice-dish.png', data: await png(32, 32) }], {
      action: 'menu_item',
      value: notTheirs,
    });
    expect(up.statusCode, up.body).toBe(200);

    for (const action of ['menu_item', 'sub_menu']) {
      const mine = await list(river, action, theirs);
      expect(mine.statusCode, `${action} ${mine.body}`).toBe(200);
      const other = await list(river, action, notTheirs);
      expect(other.statusCode, action).toBe(404);
      expect(other.json().extras.code).toBe('restaurantNotFound');
      expect(other.body).not.toContain('spice-dish');
      expect((await list(admin, action, 'fc-nowhere:nothing')).statusCode, action).toBe(404);
    }
    expect(((await list(admin, 'menu_item', notTheirs)).json().data as Item[]).map((i) => i.name)).toContain(
      'spice-dish.png',
    );
    // Nor may they upload into, rename or delete another restaurant's images.
    const sneaky = await upload(river, [{ name: 'x.png', data: await png(8, 8) }], {
      action: 'menu_item',
      value: notTheirs,
    });
    expect(sneaky.statusCode).toBe(404);
    const item = (up.json().data as Item[])[0]!;
    const rename = await ctx.app.inject({
      method: 'PUT',
      url: `/v2/bck/imagemanager/${item.id}`,
      payload: { name: 'mine', version: item.version },
      headers: { cookie: `cd_session=${river}` },
    });
    expect(rename.statusCode).toBe(404);
    // The spec's shared submenu library is the price book's: not theirs.
    expect((await list(river, 'sub_menu', 'submenu_image')).statusCode).toBe(403);
    expect((await list(admin, 'sub_menu', 'submenu_image')).statusCode).toBe(200);
  });

  it('refuses bad requests with 400', async () => {
    const data = await png(8, 8);
    expect((await upload(admin, [], { action: 'restaurant', value: FOODCOURT })).json().extras.code).toBe('noFiles');
    const noAction = await upload(admin, [{ name: 'a.png', data }], { value: FOODCOURT });
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().extras.field).toBe('action');
    const wrongField = await upload(admin, [{ name: 'a.png', data }], undefined, 'picture');
    expect(wrongField.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/imagemanager',
      payload: { action: 'restaurant', value: FOODCOURT },
      headers: { cookie: `cd_session=${admin}` },
    });
    expect(json.statusCode).toBe(400);
    const cut = await multipart({ action: 'restaurant', value: FOODCOURT }, [{ name: 'a.png', data }]);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/imagemanager',
      payload: cut.payload.subarray(0, cut.payload.length - 60),
      headers: { ...cut.headers, cookie: `cd_session=${admin}` },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().extras.code).toBe('invalidRequest');
    const tooMany = await upload(
      admin,
      Array.from({ length: 11 }, (_, i) => ({ name: `m${i}.png`, data })),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().extras.code).toBe('maxCountReached');
    expect((await list(admin, 'bad action!', 'x')).statusCode).toBe(400);
  });

  it('refuses path traversal and serves only public keys', async () => {
    for (const url of ['/files/media/..%2F..%2Fetc%2Fpasswd', '/files/media/.hidden', '/files/media//x.png']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().extras.code).toBe('invalidKey');
    }
    // The URL is normalised before routing ('/etc/passwd': the SPA or 404), never a file outside the store.
    const dotdot = await ctx.app.inject({ method: 'GET', url: '/files/../../etc/passwd' });
    expect(dotdot.body).not.toContain('root:');
    // A file elsewhere in the store is not public.
    fs.mkdirSync(path.join(ctx.dataDir, 'files', 'private'), { recursive: true });
    fs.writeFileSync(path.join(ctx.dataDir, 'files', 'private', 'secret.txt'), 'secret');
    expect((await ctx.app.inject({ method: 'GET', url: '/files/private/secret.txt' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/files/media/missing.png' })).statusCode).toBe(404);
  });
});
