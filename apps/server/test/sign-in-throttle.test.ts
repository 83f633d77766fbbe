import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCredential } from '@cd/core';
import { eq, sql } from 'drizzle-orm';
import { signInFailures } from '../src/db/schema/index.js';
import { pruneSignInFailures } from '../src/modules/auth/sign-in-throttle.js';
import { backends, createTestContext, sessionCookie, type TestContext } from './harness.js';

const PASSWORD = 'ControlDesk#2026';
const WRONG = 'Wrong#Pass1';
const THROTTLED = /^Too many failed sign-ins for this account\. Try again in (\d+) minutes?\.$/;

/** Issue 32: failed passwords are limited per account (10 in 15 minutes by default), whatever the address. */
describe.each(backends)('per-account sign-in throttle on %s', (backend) => {
  let ctx: TestContext;
  let ip = 0;
  /** Each try from a new address: the per-IP limit never plays a part here. */
  const nextIp = () => `198.51.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  const passwordLogin = (userid: string, password: string, remoteAddress = nextIp()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/password_login',
      payload: { userid: encodeCredential(userid), password: encodeCredential(password), encrypted: true },
      remoteAddress,
    });
  const failTimes = async (userid: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const res = await passwordLogin(userid, WRONG);
      expect(res.statusCode, `try ${i + 1} of ${userid}`).toBe(400);
      expect(res.json().extras.code).toBe('wrongCredentials');
    }
  };
  const rowsOf = async (account: string) =>
    (await ctx.database.db.select().from(signInFailures).where(eq(signInFailures.account, account))).length;
  /** Fakes the passing of time: the account's failures happened `minutes` earlier. */
  const age = (account: string, minutes: number) =>
    ctx.database.db
      .update(signInFailures)
      .set({ at: sql`${signInFailures.at} - make_interval(mins => ${minutes})` })
      .where(eq(signInFailures.account, account));

  beforeAll(async () => {
    ctx = await createTestContext(backend);
  }, 60_000);
  afterAll(async () => ctx.close());

  it('after 10 wrong passwords from 10 addresses, the 11th try waits even with the right password', async () => {
    await failTimes('demo.admin', 10);
    const res = await passwordLogin('demo.admin', PASSWORD);
    expect(res.statusCode).toBe(429);
    expect(sessionCookie(res)).toBeUndefined();
    const body = res.json();
    expect(body).toMatchObject({ result: 'failure', extras: { code: 'tooManyFailedSignIns' } });
    expect(body.message).toMatch(THROTTLED);
    expect(body.message).toBe('Too many failed sign-ins for this account. Try again in 15 minutes.');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(body.extras.retry_after).toBe(retryAfter);
    // The same account typed otherwise is the same account; refused tries are not counted, so the wait stays.
    expect((await passwordLogin('  DEMO.Admin ', WRONG)).statusCode).toBe(429);
    expect(await rowsOf('demo.admin')).toBe(10);
    // Other accounts are not affected.
    expect((await passwordLogin('demo.reports', PASSWORD)).statusCode).toBe(200);
  });

  it('lets a one-time-code sign-in through meanwhile, which clears the failures', async () => {
    expect((await passwordLogin('demo.admin', PASSWORD)).statusCode).toBe(429);
    const send = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/send_login_otp',
      payload: { target: 'phone', phone_number: '9000000001' },
    });
    expect(send.statusCode).toBe(200);
    const code = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bck/vendor/login',
      payload: { userid: send.json().userid, otp_code: ctx.lastCode('9000000001') },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(sessionCookie(code)).toBeDefined();
    expect(await rowsOf('demo.admin')).toBe(0);
    expect((await passwordLogin('demo.admin', PASSWORD)).statusCode).toBe(200);
  });

  it('says how long is left, lets the password in once the window has passed, and clears the failures', async () => {
    await failTimes('demo.reports', 10);
    await age('demo.reports', 3);
    const waiting = await passwordLogin('demo.reports', PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe('Too many failed sign-ins for this account. Try again in 12 minutes.');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(11 * 60);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(12 * 60);

    await age('demo.reports', 12);
    const signedIn = await passwordLogin('demo.reports', PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(sessionCookie(signedIn)).toBeDefined();
    expect(await rowsOf('demo.reports')).toBe(0);
    // A fresh start: ten more wrong passwords before the next wait.
    await failTimes('demo.reports', 10);
    expect((await passwordLogin('demo.reports', WRONG)).statusCode).toBe(429);
  });

  it('is a sliding window: as the oldest failure leaves it, one more try is allowed', async () => {
    await ctx.database.db.delete(signInFailures).where(eq(signInFailures.account, 'demo.reports'));
    await failTimes('demo.reports', 1);
    await age('demo.reports', 10);
    await failTimes('demo.reports', 9);
    const waiting = await passwordLogin('demo.reports', PASSWORD);
    expect(waiting.json().message).toBe('Too many failed sign-ins for this account. Try again in 5 minutes.');
    await age('demo.reports', 5);
    // The first failure has left the window: one try, which fails, and the next waits until the others leave.
    await failTimes('demo.reports', 1);
    const again = await passwordLogin('demo.reports', PASSWORD);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Too many failed sign-ins for this account. Try again in 10 minutes.');
  });

  it('treats an unknown user id exactly like a known one: same answers, counted and refused alike', async () => {
    const known = 'demo.menu';
    const unknown = 'nobody.here';
    for (let i = 0; i < 10; i++) {
      const a = await passwordLogin(known, WRONG);
      const b = await passwordLogin(unknown, WRONG);
      expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
      expect(b.body).toBe(a.body);
    }
    const a = await passwordLogin(known, PASSWORD);
    const b = await passwordLogin(unknown, PASSWORD);
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(b.json().message).toBe(a.json().message);
    expect(Object.keys(b.json().extras)).toEqual(Object.keys(a.json().extras));
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    expect(await rowsOf(unknown)).toBe(10);
  });

  it('holds when many tries come at once: never more than the limit are checked, the rest wait', async () => {
    const tries = await Promise.all(Array.from({ length: 25 }, () => passwordLogin('burst.target', WRONG)));
    const checked = tries.filter((r) => r.statusCode === 400).length;
    const refused = tries.filter((r) => r.statusCode === 429).length;
    // Tries in flight count for each other, so a burst may get fewer than 10 checked (on a server that runs them
    // truly at once, none at all); never more.
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(25);
    // Only the checked tries stay as failures.
    expect(await rowsOf('burst.target')).toBe(checked);
    await failTimes('burst.target', 10 - checked);
    expect((await passwordLogin('burst.target', WRONG)).statusCode).toBe(429);
  });

  it('prunes failures that no longer count', async () => {
    await failTimes('prune.me', 2);
    await age('prune.me', 16);
    await failTimes('prune.me', 1);
    const limits = { failures: ctx.config.SIGN_IN_FAILURES_PER_ACCOUNT, windowMs: 15 * 60_000 };
    expect(await pruneSignInFailures(ctx.database.db, limits)).toBeGreaterThanOrEqual(2);
    expect(await rowsOf('prune.me')).toBe(1);
  });
});
