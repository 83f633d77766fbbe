import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  decodeCredential,
  emptyBody,
  isCorporateUserId,
  loginAnswer,
  maskEmail,
  messageAnswer,
  passwordLoginBody,
  phoneLoginBody,
  sendLoginOtpAnswer,
  sendLoginOtpBody,
  verifyOtpBody,
} from '@cd/core';
import type { Config, SignInMethod } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertMaySignIn, maySignIn } from './login-rules.js';
import type { OtpService } from './otp.service.js';
import { verifyPassword } from './password.js';
import { completeSignIn } from './sign-in.js';
import { accountKey, SignInThrottle, throttleLimits } from './sign-in-throttle.js';
import { findUserByEmail, findUserById, findUserByPhone, findUserByUserid } from './users.repo.js';
import { SESSION_COOKIE } from './session.store.js';

type Deps = { db: Db; config: Config; otp: OtpService };

const METHOD_NAMES: Record<SignInMethod, string> = {
  password: 'Password',
  phone: 'Phone',
  email: 'E-mail',
  sso: 'Single sign-on',
};

export async function authRoutes(fastify: FastifyInstance, { db, config, otp }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Limits per IP on the sign-in calls, on top of the per-recipient limits of the code service.
  const loginRateLimit = { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  // And per account, from every address at once: failed passwords in a sliding window (sign-in-throttle.ts).
  const throttle = new SignInThrottle(db, throttleLimits(config));

  const signedIn = (request: FastifyRequest, reply: FastifyReply, user: UserRow, method: string) =>
    completeSignIn(fastify, db, request, reply, user, { method });
  /** SIGN_IN_METHODS: a method this deployment does not offer is refused, whoever asks. */
  const assertOffered = (method: SignInMethod) => {
    if (!config.SIGN_IN_METHODS.includes(method)) {
      throw new AppError(403, 'signInMethodOff', `${METHOD_NAMES[method]} sign-in is not offered here.`);
    }
  };

  app.post(
    '/vendor/password_login',
    {
      config: { permission: 'public', rateLimit: loginRateLimit, errors: [403] },
      schema: {
        tags: ['sign-in'],
        operationId: 'passwordLogin',
        summary: 'Sign in with user id and password',
        description:
          'After too many failed passwords for one user id (`SIGN_IN_FAILURES_PER_ACCOUNT` within ' +
          '`SIGN_IN_FAILURE_WINDOW_MINUTES`, from any address) the answer is 429 `tooManyFailedSignIns` without a ' +
          'check of the password, saying when to try again (`Retry-After`, `extras.retry_after` in seconds).',
        body: passwordLoginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      assertOffered('password');
      const { encrypted } = request.body;
      const userid = encrypted ? decodeCredential(request.body.userid) : request.body.userid;
      const password = encrypted ? decodeCredential(request.body.password) : request.body.password;
      if (userid === null || password === null)
        throw badRequest('invalidEncoding', 'User id or password is not encoded correctly');
      if (!userid.trim() || !password.trim()) throw badRequest('enterIdAndPassword', 'enter id and password');
      if (isCorporateUserId(userid, config.CORPORATE_EMAIL_DOMAIN)) {
        throw new AppError(
          403,
          'useSsoLogin',
          'Please use single sign-on (SSO) to log in with your corporate account.',
        );
      }
      // Before the user is looked up: an unknown id is counted and refused exactly like a known one. A refused try
      // is not checked at all; a code or SSO sign-in is never refused by it (and clears it).
      await throttle.take(accountKey(userid), 'password', request.ip);
      const user = await findUserByUserid(db, userid);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw badRequest('wrongCredentials', 'Incorrect user id or password');
      assertMaySignIn(user, 'password');
      return signedIn(request, reply, user, 'password');
    },
  );

  app.post(
    '/vendor/send_login_otp',
    {
      config: { permission: 'public', rateLimit: loginRateLimit, errors: [403] },
      schema: {
        tags: ['sign-in'],
        operationId: 'sendLoginOtp',
        summary: 'Send a one-time code to a phone or an e-mail address',
        description:
          'The answer is the same whether or not the number or address belongs to an account (nothing is sent ' +
          'when it does not): `userid` is an opaque sign-in handle to send back with the code.',
        body: sendLoginOtpBody,
        response: { 200: sendLoginOtpAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      assertOffered(body.target);
      const address = body.target === 'phone' ? body.phone_number : body.email.trim().toLowerCase();
      const purpose = body.target === 'phone' ? 'login_phone' : 'login_email';
      const handle = otp.handleFor(body.target, address);
      const found =
        body.target === 'phone' ? await findUserByPhone(db, body.phone_number) : await findUserByEmail(db, body.email);
      // An account that may not sign in this way gets the same answer as no account: a decoy code, sent nowhere.
      const user = found && maySignIn(found, body.target) ? found : null;
      const sendTo = body.target === 'phone' ? address : (user?.email ?? address);
      await otp.issue({
        user,
        handle,
        purpose,
        channel: body.target,
        recipient: address,
        sendTo,
        ip: request.ip,
        checkLimits: true,
      });
      // Two-step sign-in asks for the e-mail code on the same screen, so the answer says where it went. An
      // account with two steps but no e-mail address learns it after its phone code proved the number.
      const mfa = body.target === 'phone' && user?.mfa_enabled === true && Boolean(user.email);
      if (mfa && user?.email) {
        await otp.issue({
          user,
          handle,
          purpose: 'mfa_email',
          channel: 'email',
          recipient: user.email.toLowerCase(),
          sendTo: user.email,
          ip: request.ip,
        });
      }
      const masked = mfa && user?.email ? maskEmail(user.email) : '';
      return {
        result: 'success' as const,
        userid: handle,
        message:
          body.target === 'phone'
            ? 'If this number is registered, a code has been sent to it'
            : 'If this e-mail address is registered, a code has been sent to it',
        mfa_details: { mfa_enabled: mfa, email: masked, email_id: masked },
      };
    },
  );

  /** The account of a checked code, allowed to sign in this way now. */
  const accountOf = async (userId: number, method: 'phone' | 'email') => {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(400, 'otpNotRequested', 'No code is waiting. Ask for a new one.');
    assertMaySignIn(user, method);
    return user;
  };

  app.post(
    '/vendor/login',
    {
      config: { permission: 'public', rateLimit: loginRateLimit, errors: [403] },
      schema: {
        tags: ['sign-in'],
        operationId: 'phoneLogin',
        summary: 'Complete phone sign-in with the code (and the e-mail code when two-step)',
        body: phoneLoginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      assertOffered('phone');
      const handle = request.body.userid;
      const phone = await otp.check(handle, 'login_phone', request.body.otp_code);
      const user = await accountOf(phone.userId, 'phone');
      const ids = [phone.id];
      if (user.mfa_enabled) {
        if (!user.email) {
          throw new AppError(
            403,
            'mfaEmailMissing',
            'Two-step sign-in needs an e-mail address on the account. Contact your administrator.',
          );
        }
        if (!request.body.email_otp) throw badRequest('emailOtpRequired', 'Enter the code sent to your e-mail');
        ids.push((await otp.check(handle, 'mfa_email', request.body.email_otp)).id);
      }
      await otp.consume(ids);
      return signedIn(request, reply, user, user.mfa_enabled ? 'phone+email' : 'phone');
    },
  );

  app.post(
    '/vendor/verify_otp',
    {
      config: { permission: 'public', rateLimit: loginRateLimit, errors: [403] },
      schema: {
        tags: ['sign-in'],
        operationId: 'verifyEmailOtp',
        summary: 'Complete e-mail code sign-in',
        body: verifyOtpBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
      assertOffered('email');
      const checked = await otp.check(request.body.userid, 'login_email', request.body.otp_code);
      const user = await accountOf(checked.userId, 'email');
      await otp.consume([checked.id]);
      return signedIn(request, reply, user, 'email');
    },
  );

  app.post(
    '/vendor/logout',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['sign-in'],
        operationId: 'logout',
        summary: 'Sign out: the session ends on the server and the cookie is cleared',
        body: emptyBody,
        response: { 200: messageAnswer },
      },
    },
    async (request, reply) => {
      const id = request.cookies[SESSION_COOKIE];
      if (id) await app.sessions.destroy(id);
      if (request.user) {
        await audit(db, {
          actor: request.user.userid,
          action: 'sign_out',
          entity: 'user',
          entityId: request.user.userid,
          ip: request.ip,
        });
      }
      app.clearSessionCookie(reply);
      return { result: 'success' as const, message: 'Logged out' };
    },
  );
}
