import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { DeviceSessions } from '../src/modules/counters/devices.service.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const FC = 'fc-ldn-river';
const settings = {
  mode: 'true',
  option_types: ['tablebooking'],
  custom_inputs: [],
  cloud_card: 'none',
  channels: ['app'],
};

/** Issue 16: templates and counters, device licences and pairing, cashiers. */
describe.each(backends)('counters and devices on %s', (backend) => {
  let ctx: TestContext;
  let admin: string;
  const signIn = async (userid: string, password = 'ControlDesk#2026') =>
    sessionCookie(
      await ctx.app.inject({ method: 'POST', url: '/v2/bck/vendor/password_login', payload: { userid, password } }),
    )!;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
    ctx.app.inject({ method, url: `/v2/bck${url}`, payload, headers: { cookie: `cd_session=${cookie}` } });
  const device = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/v2/bck${url}`,
      payload,
      headers: token ? { authorization: `Device ${token}` } : {},
    });

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    admin = await signIn('demo.admin');
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('makes counters from a template, shows which differ after a change, and syncs the chosen ones', async () => {
    const t = (await call('POST', '/counter_template', { name: 'Live counters', settings })).json().template;
    const made = [];
    for (const name of ['Grill', 'Wok']) {
      const res = await call('POST', '/vendor/counter', { name, foodcourt: FC, template_id: t.id });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().counter);
    }
    expect(made[0].settings).toMatchObject({ mode: 'true', channels: ['app'] });
    const changed = await call('PUT', `/counter_template/${t.id}`, {
      name: 'Live counters',
      settings: { ...settings, cloud_card: 'ecash_linked_sites' },
      version: t.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const diff = (await call('GET', `/get_counter_template/${t.id}`)).json();
    expect(diff.counters.map((c: { differs: string[] }) => c.differs)).toEqual([['cloud_card'], ['cloud_card']]);
    const sync = await call('POST', '/sync_counter_template', { template_id: t.id, counter_ids: [made[0].counter_id] });
    expect(sync.statusCode, sync.body).toBe(200);
    const after = (await call('GET', `/get_counter_template/${t.id}`)).json().counters;
    expect(after.map((c: { name: string; differs: string[] }) => [c.name, c.differs])).toEqual([
      ['Grill', []],
      ['Wok', ['cloud_card']],
    ]);
    expect((await call('DELETE', `/counter_template/${t.id}?version=2`)).json().extras.code).toBe('templateInUse');
    const list = (await call('GET', `/get_counters?foodcourt=${FC}&search=wok`)).json();
    expect(list).toMatchObject({ total: 1, counters: [{ name: 'Wok', template_id: t.id }] });
  });

  it('refuses the second of two saves made on the same version', async () => {
    const c = (await call('POST', '/vendor/counter', { name: 'Salad', foodcourt: FC, settings })).json().counter;
    const save = (name: string) =>
      call('PUT', `/vendor/counter/${c.counter_id}`, { name, foodcourt: FC, settings, version: c.version });
    const [a, b] = await Promise.all([save('Salad bar'), save('Salads')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().extras.code).toBe('versionConflict');
  });

  it('hides a counter by saving and clearing its service flags, restores them on unhide, with hide_counter only', async () => {
    const flags = { dine_in: true, takeaway: false, delivery: true, preorder: false };
    const c = (await call('POST', '/vendor/counter', { name: 'Pizza', foodcourt: FC, settings, flags })).json().counter;
    await ctx.database.db.insert(users).values({
      userid: 'counter.clerk',
      name: 'Clerk',
      password_hash: await hashPassword('Counter#2026x'),
      login_types: ['password'],
      pagepermissionaccess: ['counterManagement'],
      permissions: [],
      sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
    });
    const clerk = await signIn('counter.clerk', 'Counter#2026x');
    expect(
      (await call('POST', `/vendor/counter/${c.counter_id}/hide`, { hidden: true, version: 1 }, clerk)).statusCode,
    ).toBe(403);
    const hidden = (await call('POST', `/vendor/counter/${c.counter_id}/hide`, { hidden: true, version: 1 })).json()
      .counter;
    expect(hidden).toMatchObject({
      hidden: true,
      flags: { dine_in: false, takeaway: false, delivery: false, preorder: false },
    });
    const shown = (await call('POST', `/vendor/counter/${c.counter_id}/hide`, { hidden: false, version: 2 })).json()
      .counter;
    expect(shown).toMatchObject({ hidden: false, flags });
  });

  it('moves a licence only along the allowed transitions, pairs once with a fresh code, and revokes the token', async () => {
    const c = (await call('POST', '/vendor/counter', { name: 'Kiosk bank', foodcourt: FC, settings })).json().counter;
    const d = (
      await call('POST', '/devices', { name: 'Kiosk 1', device_type: 'Kiosk_android', counter_id: c.counter_id })
    ).json().device;
    expect(d).toMatchObject({ licence_status: 0, device_code: 1, online: false });
    const act = (action: string, version: number) =>
      call('POST', `/devices/${d.device_id}/licence`, { action, version });
    for (const refused of ['license_deactivate', 'revoke']) {
      const res = await act(refused, 1);
      expect(res.statusCode, refused).toBe(409);
      expect(res.json().extras.code).toBe('licenceTransition');
    }
    const pending = (await act('license_activate', 1)).json();
    expect(pending.device.licence_status).toBe(1);
    expect(pending.pairing_code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect((await act('license_activate', 2)).json().extras.code).toBe('licenceTransition');
    expect((await device('POST', '/device/pair', undefined, { code: 'ZZZZZZZZ' })).json().extras.code).toBe(
      'pairingCodeUnknown',
    );
    const paired = await device('POST', '/device/pair', undefined, {
      code: pending.pairing_code.toLowerCase(),
      app_version: '4.2.0',
    });
    expect(paired.statusCode, paired.body).toBe(200);
    const token = paired.json().token as string;
    expect((await device('POST', '/device/pair', undefined, { code: pending.pairing_code })).json().extras.code).toBe(
      'pairingCodeUnknown',
    );
    expect((await device('POST', '/device/heartbeat', token, {})).json()).toMatchObject({ licence_status: 2 });
    expect((await device('GET', '/device/config', token)).json().counter).toMatchObject({ name: 'Kiosk bank' });
    const listed = (await call('GET', `/devices?counter=${c.counter_id}`)).json().devices[0];
    expect(listed).toMatchObject({ licence_status: 2, online: true, app_version: '4.2.0' });

    expect((await act('license_deactivate', listed.version)).json().device.licence_status).toBe(3);
    const disabled = await device('POST', '/device/heartbeat', token, {});
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().extras.code).toBe('deviceDisabled');
    expect((await act('license_activate', listed.version + 1)).json().device.licence_status).toBe(2);
    expect((await device('POST', '/device/heartbeat', token, {})).statusCode).toBe(200);
    expect((await act('revoke', listed.version + 2)).json().device.licence_status).toBe(0);
    expect((await device('POST', '/device/heartbeat', token, {})).statusCode).toBe(401);
    expect((await device('GET', '/device/config', 'not-a-token')).statusCode).toBe(401);
  });

  it('refuses an expired pairing code, and marks a silent device offline', async () => {
    const c = (await call('POST', '/vendor/counter', { name: 'KDS line', foodcourt: FC, settings })).json().counter;
    const d = (await call('POST', '/devices', { name: 'KDS', device_type: 'KDS', counter_id: c.counter_id })).json()
      .device;
    const { pairing_code } = (
      await call('POST', `/devices/${d.device_id}/licence`, { action: 'license_activate', version: 1 })
    ).json();
    await ctx.database.db
      .update(devices)
      .set({ pairing_expires_at: new Date(Date.now() - 1000) })
      .where(eq(devices.id, d.device_id));
    const expired = await device('POST', '/device/pair', undefined, { code: pairing_code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().extras.code).toBe('pairingCodeExpired');
    const again = (
      await call('POST', `/devices/${d.device_id}/licence`, { action: 'license_deactivate', version: 2 })
    ).json();
    const fresh = (
      await call('POST', `/devices/${d.device_id}/licence`, {
        action: 'license_activate',
        version: again.device.version,
      })
    ).json();
    const token = (await device('POST', '/device/pair', undefined, { code: fresh.pairing_code })).json().token;
    expect((await device('POST', '/device/heartbeat', token, {})).statusCode).toBe(200);
    await ctx.database.db
      .update(devices)
      .set({ last_seen_at: new Date(Date.now() - 60_000) })
      .where(eq(devices.id, d.device_id));
    expect(await new DeviceSessions(ctx.database.db).sweep()).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, d.device_id));
    expect(row!.online).toBe(false);
    expect((await call('GET', `/devices?counter=${c.counter_id}`)).json().devices[0].online).toBe(false);
  });

  it('keeps cashier PINs hashed, locks a cashier after five wrong PINs, and unlocks with a new PIN', async () => {
    const c = (await call('POST', '/vendor/counter', { name: 'Tills', foodcourt: FC, settings })).json().counter;
    const d = (
      await call('POST', '/devices', { name: 'POS 1', device_type: 'POS_android', counter_id: c.counter_id })
    ).json().device;
    const { pairing_code } = (
      await call('POST', `/devices/${d.device_id}/licence`, { action: 'license_activate', version: 1 })
    ).json();
    const token = (await device('POST', '/device/pair', undefined, { code: pairing_code })).json().token;
    const weak = await call('POST', '/cashiers', {
      name: 'Asha',
      foodcourt: FC,
      counter_ids: [c.counter_id],
      pin: '1234',
    });
    expect(weak.statusCode).toBe(400);
    const created = await call('POST', '/cashiers', {
      name: 'Asha',
      foodcourt: FC,
      counter_ids: [c.counter_id],
      pin: '4821',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).not.toContain('4821');
    const cashier = created.json().cashier;
    const login = (pin: string) =>
      device('POST', '/device/cashier_login', token, { cashier_id: cashier.cashier_id, pin });
    expect((await login('4821')).json()).toMatchObject({ name: 'Asha', counter_ids: [c.counter_id] });
    for (let i = 0; i < 5; i++) expect((await login('9999')).statusCode).toBe(401);
    const locked = await login('4821');
    expect(locked.statusCode).toBe(403);
    expect(locked.json().extras.code).toBe('cashierLocked');
    expect((await call('GET', `/cashiers?foodcourt=${FC}`)).json().cashiers[0].locked_until).not.toBeNull();
    const reset = await call('PUT', `/cashiers/${cashier.cashier_id}`, {
      name: 'Asha',
      foodcourt: FC,
      counter_ids: [c.counter_id],
      pin: '5830',
      version: cashier.version,
    });
    expect(reset.json().cashier.locked_until).toBeNull();
    expect((await login('5830')).statusCode).toBe(200);
  });

  it('saves push settings against the version seen, and hands a test push to the device once', async () => {
    const rules = [
      { event: 'order_ready', channels: ['device', 'sms'], device_types: ['TDS'], order_push_types: [1, 2] },
    ];
    const first = await call('PUT', `/push_settings?foodcourt=${FC}`, { rules, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().settings).toMatchObject({ version: 1, rules });
    expect((await call('PUT', `/push_settings?foodcourt=${FC}`, { rules: [], version: 0 })).json().extras.code).toBe(
      'versionConflict',
    );
    const noDevices = await call('PUT', `/push_settings?foodcourt=${FC}`, {
      rules: [{ event: 'order_placed', channels: ['device'] }],
      version: 1,
    });
    expect(noDevices.statusCode).toBe(400);
    const c = (await call('POST', '/vendor/counter', { name: 'Board', foodcourt: FC, settings })).json().counter;
    const d = (
      await call('POST', '/devices', { name: 'Ready board', device_type: 'TDS', counter_id: c.counter_id })
    ).json().device;
    expect((await call('POST', '/push_settings/test', { device_id: d.device_id })).json().extras.code).toBe(
      'deviceNotEnabled',
    );
    const { pairing_code } = (
      await call('POST', `/devices/${d.device_id}/licence`, { action: 'license_activate', version: 1 })
    ).json();
    const token = (await device('POST', '/device/pair', undefined, { code: pairing_code })).json().token;
    const sent = await call('POST', '/push_settings/test', { device_id: d.device_id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await device('POST', '/device/heartbeat', token, {})).json().test_push).toBe(sent.json().sent_at);
    expect((await device('POST', '/device/heartbeat', token, {})).json().test_push).toBeNull();
  });

  it('prints QR codes for five tables whose images decode to signed links that lead to the ordering app', async () => {
    const made = await call('POST', '/qr_codes', {
      foodcourt: FC,
      target_type: 'table',
      labels: ['T1', 'T2', 'T3', 'T4', 'T5'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const codes = made.json().codes as { id: number; link: string; label: string }[];
    expect(codes).toHaveLength(5);
    const png = await call('GET', `/qr_codes/${codes[2]!.id}/image?format=png`);
    expect(png.headers['content-type']).toBe('image/png');
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { default: jsQR } = await import('jsqr');
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(codes[2]!.link);
    const path = new URL(codes[2]!.link).pathname;
    const followed = await ctx.app.inject({ method: 'GET', url: path });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`${ctx.config.publicUrl}/order?foodcourt=${FC}&table=T3`);
    const forged = await ctx.app.inject({ method: 'GET', url: path.replace(/\.[^.]+$/, '.AAAAAAAAAAAA') });
    expect(forged.statusCode).toBe(404);
    const sheet = await call('POST', '/qr_codes/print', { ids: codes.map((c) => c.id) });
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const zip = await call('POST', '/qr_codes/zip', { ids: codes.map((c) => c.id) });
    const { default: JSZip } = await import('jszip');
    const files = Object.keys((await JSZip.loadAsync(zip.rawPayload)).files).sort();
    expect(files).toHaveLength(10);
    expect(files[0]).toMatch(/^qr-table-T1-\d+\.png$/);
  });
});
