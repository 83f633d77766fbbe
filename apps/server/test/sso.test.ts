import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCredential } from '@cd/core';
import { loadConfig } from '../src/config.js';
import { auditLog, ssoLogins } from '../src/db/schema/index.js';
import { loadSsoProviders } from '../src/modules/sso/sso.providers.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';
import { formAction, freePort, startTestProvider, TestBrowser, type TestProvider } from './oidc-test-provider.js';

const PUBLIC_URL = 'http://127.0.0.1:3999'; // what the harness sets
const CALLBACK = `${PUBLIC_URL}/v2/bck/vendor/sso_callback`;
const SSO_USER = 'demo.sso@corp.controldesk.test';
const STRANGER = 'stranger@corp.controldesk.test';
const IDP_PASSWORD = 'idp-password-1';
const client = { client_id: 'control-desk-test', client_secret: 'test-client-secret', redirect_uris: [CALLBACK] };
const meta = { sender: 'web', lang: 'en' };

type Started = { loginToken: string; redirecturl: string; ssoCookie: string };

describe.each(backends)('single sign-on on %s', (backend) => {
  let ctx: TestContext;
  let idp: TestProvider;

  const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/v2/bck${url}`, payload: { ...meta, ...payload }, cookies });

  const start = async (location = 'loc-london'): Promise<Started> => {
    const res = await post('/vendor/sso_login', {
      action: 'login',
      sso_action: 'corp',
      location,
      pushid: '',
      platform: 'control_desk',
      os: 'web',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'cd_sso');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/v2/bck/vendor' });
    const body = res.json();
    return { loginToken: body.login_token, redirecturl: body.redirecturl, ssoCookie: cookie!.value };
  };

  /** Signs in at the provider; answers where the provider sends the browser back to (our callback). */
  const signInAtProvider = async (redirecturl: string, email: string, password = IDP_PASSWORD) => {
    const browser = new TestBrowser();
    const toCallback = (u: URL) => u.href.startsWith(CALLBACK);
    const form = await browser.follow(redirecturl, toCallback);
    expect(form.page?.status).toBe(200);
    const html = await form.page!.text();
    expect(html).toContain('E-mail');
    expect(html).toContain('Password');
    const back = await browser.follow(formAction(html, form.url!), toCallback, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
    if (!back.stoppedAt) throw new Error(`provider did not redirect back:\n${await back.page?.text()}`);
    return back.stoppedAt;
  };

  const callback = (url: URL, ssoCookie?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      cookies: ssoCookie ? { cd_sso: ssoCookie } : {},
    });

  const complete = (started: Started, ssoCookie: string | null = started.ssoCookie) =>
    post(
      '/vendor/sso_complete',
      {
        action: 'login',
        token: started.loginToken,
        sso_action: 'corp',
        location: 'loc-london',
        platform: 'control_desk',
      },
      ssoCookie ? { cd_sso: ssoCookie } : {},
    );

  const returnPage = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), PUBLIC_URL);
    expect(location.pathname).toBe('/sso-return');
    return {
      status: location.searchParams.get('status'),
      message: location.searchParams.get('message'),
      raw: location.href,
    };
  };

  beforeAll(async () => {
    idp = await startTestProvider({
      client,
      accounts: [
        { email: SSO_USER, name: 'Corporate Directory Name', password: IDP_PASSWORD },
        { email: STRANGER, name: 'Someone Else', password: IDP_PASSWORD },
      ],
    });
    const providers = [
      {
        sso_action: 'corp',
        actionlabel: 'Corporate SSO',
        imageurl: '/corp.png',
        locations: ['loc-london', 'loc-bengaluru'],
        issuer: idp.issuer,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
      // Nothing listens on port 9: discovery fails.
      {
        sso_action: 'down',
        actionlabel: 'Broken SSO',
        locations: ['*'],
        issuer: 'http://127.0.0.1:9/idp',
        client_id: 'x',
        client_secret: 'y',
      },
    ];
    ctx = await createTestContext(backend, { env: { SSO_PROVIDERS: JSON.stringify(providers) } });
  });
  afterAll(async () => {
    await ctx?.close();
    await idp?.close();
  });

  it('lists the providers offered at a location', async () => {
    const london = await post('/vendor/login_options', { location: 'loc-london', platform: 'control_desk' });
    expect(london.statusCode).toBe(200);
    expect(london.json()).toEqual({
      result: 'success',
      sso_login: [
        { sso_action: 'corp', actionlabel: 'Corporate SSO', imageurl: '/corp.png', location: 'loc-london' },
        { sso_action: 'down', actionlabel: 'Broken SSO', imageurl: '', location: 'loc-london' },
      ],
    });
    const auckland = await post('/vendor/login_options', { location: 'loc-auckland', platform: 'control_desk' });
    expect(auckland.json().sso_login.map((o: { sso_action: string }) => o.sso_action)).toEqual(['down']);
  });

  it('signs the SSO user in through the provider, once, in the browser that started', async () => {
    const started = await start();
    const authorize = new URL(started.redirecturl);
    expect(authorize.href.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: client.client_id,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const back = await signInAtProvider(started.redirecturl, SSO_USER);
    expect(back.searchParams.get('code')).toBeTruthy();
    const landed = returnPage(await callback(back, started.ssoCookie));
    expect(landed.status).toBe('ok');
    expect(landed.raw).not.toMatch(/code=|token|state=/);

    // Another browser (no cd_sso cookie) cannot complete it...
    const stolen = await complete(started, null);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().extras.code).toBe('ssoNotFound');

    // ...the starting browser can, once.
    const done = await complete(started);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ result: 'success', message: 'Login successful', extras: { name: 'Demo SSO User' } });
    const session = sessionCookie(done);
    expect(session).toBeTruthy();
    expect(done.cookies.find((c) => c.name === 'cd_sso')?.value).toBe('');

    const details = await post('/vendor/details', {}, { cd_session: session! });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ userid: SSO_USER, name: 'Demo SSO User' });

    const again = await complete(started);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ result: 'failure', extras: { code: 'ssoAlreadyUsed' } });

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in'), eq(auditLog.actor, SSO_USER)))
      .orderBy(desc(auditLog.id));
    expect(entry?.after).toMatchObject({ method: 'sso' });
  });

  it('refuses a provider account that no Control Desk user has, naming the e-mail', async () => {
    const started = await start();
    const landed = returnPage(await callback(await signInAtProvider(started.redirecturl, STRANGER), started.ssoCookie));
    expect(landed.status).toBe('error');
    expect(landed.message).toBe(`No Control Desk account uses ${STRANGER}`);
    const res = await complete(started);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      result: 'failure',
      message: `No Control Desk account uses ${STRANGER}`,
      extras: { code: 'ssoFailed' },
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('does not let another browser finish a sign-in it did not start', async () => {
    // Someone starts a sign-in and sends the provider link to a victim, whose browser lacks cd_sso.
    const started = await start();
    const landed = returnPage(await callback(await signInAtProvider(started.redirecturl, SSO_USER)));
    expect(landed.status).toBe('error');
    expect(landed.message).toMatch(/another browser/);
    const res = await complete(started);
    expect(res.statusCode).toBe(400);
    expect(res.json().extras.code).toBe('ssoFailed');
  });

  it('shows the form again after a wrong password, and reports a cancelled sign-in', async () => {
    const started = await start();
    const browser = new TestBrowser();
    const toCallback = (u: URL) => u.href.startsWith(CALLBACK);
    const form = await browser.follow(started.redirecturl, toCallback);
    const html = await form.page!.text();
    expect(html).toContain('<title>Test identity provider</title>');
    const wrong = await browser.follow(formAction(html, form.url!), toCallback, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: SSO_USER, password: 'nope' }).toString(),
    });
    const again = await wrong.page!.text();
    expect(again).toContain('Incorrect e-mail or password.');
    expect(again).toContain(`value="${SSO_USER}"`);

    const abort = new URL(/action="([^"]+\/abort)"/.exec(again)![1]!, form.url!);
    const back = await browser.follow(abort, toCallback, { method: 'POST' });
    expect(back.stoppedAt?.searchParams.get('error')).toBe('access_denied');
    const landed = returnPage(await callback(back.stoppedAt!, started.ssoCookie));
    expect(landed).toMatchObject({
      status: 'error',
      message: 'Corporate SSO did not sign you in: The sign-in was cancelled.',
    });
    expect((await complete(started)).json().message).toBe(
      'Corporate SSO did not sign you in: The sign-in was cancelled.',
    );
  });

  it('refuses a sign-in that took too long', async () => {
    const started = await start();
    const back = await signInAtProvider(started.redirecturl, SSO_USER);
    await ctx.database.db
      .update(ssoLogins)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(ssoLogins.login_token, started.loginToken));
    const landed = returnPage(await callback(back, started.ssoCookie));
    expect(landed).toMatchObject({ status: 'error', message: expect.stringMatching(/took too long/) });
    expect((await complete(started)).statusCode).toBe(400);
  });

  it('answers unknown states and unknown tokens with a clear failure', async () => {
    const landed = returnPage(
      await ctx.app.inject({ method: 'GET', url: '/v2/bck/vendor/sso_callback?code=x&state=nope' }),
    );
    expect(landed.status).toBe('error');
    expect(landed.message).toMatch(/start again/i);
    const res = await complete({ loginToken: 'no-such-token', redirecturl: '', ssoCookie: 'a'.repeat(43) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 'failure', extras: { code: 'ssoNotFound' } });
  });

  it('refuses unknown options, options not offered at the location and unreachable providers', async () => {
    const sso = (sso_action: string, location: string) =>
      post('/vendor/sso_login', { action: 'login', sso_action, location, platform: 'control_desk', os: 'web' });
    const unknown = await sso('nope', 'loc-london');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      result: 'failure',
      message: 'There is no single sign-on option "nope".',
      extras: { code: 'ssoUnknownProvider' },
    });
    const elsewhere = await sso('corp', 'loc-auckland');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      message: 'Corporate SSO is not offered for this location.',
      extras: { code: 'ssoNotOffered' },
    });
    const down = await sso('down', 'loc-london');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ result: 'failure', extras: { code: 'ssoProviderUnavailable' } });
  });

  it('refuses the password sign-in of the SSO user and tells the web who must use SSO', async () => {
    const res = await post('/vendor/password_login', {
      userid: encodeCredential(SSO_USER),
      password: encodeCredential('ControlDesk#2026'),
      encrypted: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().extras.code).toBe('useSsoLogin');

    const check = async (userid: string) => (await post('/vendor/check_sso', { userid })).json();
    expect(await check(SSO_USER)).toEqual({ result: 'success', sso_login: true });
    expect(await check('someone@corp.controldesk.test')).toEqual({ result: 'success', sso_login: true });
    expect(await check('demo.admin')).toEqual({ result: 'success', sso_login: false });
    expect(await check('nobody.here')).toEqual({ result: 'success', sso_login: false });
  });
});

describe('SSO_PROVIDERS configuration', () => {
  const load = (value: string, extra: Record<string, string> = {}) =>
    loadSsoProviders(loadConfig({ NODE_ENV: 'test', DEMO_IDP: 'false', SSO_PROVIDERS: value, ...extra }), 'secret');
  const valid = {
    sso_action: 'corp',
    actionlabel: 'Corp',
    locations: ['*'],
    issuer: 'https://idp.example.com',
    client_id: 'a',
    client_secret: 'b',
  };

  it('names the bad entry and field', () => {
    expect(() => load('not json')).toThrow(/SSO_PROVIDERS is not valid JSON/);
    expect(() => load(JSON.stringify([{ ...valid, issuer: 'nope' }]))).toThrow(/SSO_PROVIDERS\[0\]\.issuer/);
    expect(() => load(JSON.stringify([{ ...valid, locations: [] }]))).toThrow(/SSO_PROVIDERS\[0\]\.locations/);
    expect(() => load(JSON.stringify([valid, valid]))).toThrow(/"corp" is listed twice/);
    expect(() =>
      load(JSON.stringify([{ ...valid, issuer: 'http://idp.example.com' }]), { NODE_ENV: 'production' }),
    ).toThrow(/https/);
  });

  it('adds the demo provider when DEMO_IDP is on', () => {
    const providers = load(JSON.stringify([valid]), { DEMO_IDP: 'true', PUBLIC_URL: 'http://localhost:3000' });
    expect(providers.map((p) => p.sso_action)).toEqual(['corp', 'demo_idp']);
    expect(providers[1]).toMatchObject({
      actionlabel: 'Demo SSO',
      locations: ['*'],
      issuer: 'http://localhost:3000/demo-idp',
    });
  });
});

describe.each(backends)('demo identity provider on %s', (backend) => {
  let ctx: TestContext;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ctx = await createTestContext(backend, { env: { DEMO_IDP: 'true', PUBLIC_URL: base } });
    await ctx.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => ctx?.close());

  it('is mounted at /demo-idp with its issuer and endpoints there', async () => {
    const res = await fetch(`${base}/demo-idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, string>;
    expect(doc.issuer).toBe(`${base}/demo-idp`);
    expect(doc.authorization_endpoint).toBe(`${base}/demo-idp/auth`);
    expect(doc.token_endpoint).toBe(`${base}/demo-idp/token`);
    const openapi = await (await fetch(`${base}/docs/json`)).text();
    expect(openapi).not.toContain('/demo-idp');
    expect(openapi).toContain('/v2/bck/vendor/sso_callback');
  });

  it('signs the demo SSO user in end to end over HTTP', async () => {
    const browser = new TestBrowser();
    const json = async <T = Record<string, string>>(url: string, body: object) => {
      const res = await browser.fetch(`${base}/v2/bck${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ ...meta, ...body }),
      });
      return { status: res.status, body: (await res.json()) as T };
    };
    const options = await json<{ sso_login: unknown[] }>('/vendor/login_options', {
      location: 'loc-auckland',
      platform: 'control_desk',
    });
    expect(options.body.sso_login).toEqual([
      { sso_action: 'demo_idp', actionlabel: 'Demo SSO', imageurl: '', location: 'loc-auckland' },
    ]);

    const started = await json<{ login_token: string; redirecturl: string }>('/vendor/sso_login', {
      action: 'login',
      sso_action: 'demo_idp',
      location: 'loc-auckland',
      platform: 'control_desk',
      os: 'web',
    });
    expect(started.status).toBe(200);
    expect(started.body.redirecturl.startsWith(`${base}/demo-idp/auth?`)).toBe(true);

    const toReturnPage = (u: URL) => u.pathname === '/sso-return';
    const form = await browser.follow(started.body.redirecturl, toReturnPage);
    expect(form.page?.status).toBe(200);
    expect(form.page?.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await form.page!.text();
    expect(html).toContain('<title>Demo identity provider</title>');
    expect(html).toContain(SSO_USER);
    expect(html).not.toMatch(/<script/i);

    const back = await browser.follow(formAction(html, form.url!), toReturnPage, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email: SSO_USER, password: 'ControlDesk#2026' }).toString(),
    });
    expect(back.stoppedAt?.search).toBe('?status=ok');

    const done = await json('/vendor/sso_complete', {
      action: 'login',
      token: started.body.login_token,
      sso_action: 'demo_idp',
      location: 'loc-auckland',
    });
    expect(done).toEqual({
      status: 200,
      body: { result: 'success', message: 'Login successful', extras: { name: 'Demo SSO User' } },
    });
    const details = await json('/vendor/details', {});
    expect(details.body.userid).toBe(SSO_USER);
  });
});
