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
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertMaySignIn } from './login-rules.js';
import type { OtpService } from './otp.service.js';
import { verifyPassword } from './password.js';
import { completeSignIn } from './sign-in.js';
import { findUserByEmail, findUserByPhone, findUserByUserid } from './users.repo.js';
import { SESSION_COOKIE } from './session.store.js';

type Deps = { db: Db; config: Config; otp: OtpService };

export async function authRoutes(fastify: FastifyInstance, { db, config, otp }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Limits per IP on the sign-in calls, on top of the per-recipient limits of the code service.
  const loginRateLimit = { max: config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  const signedIn = (request: FastifyRequest, reply: FastifyReply, user: UserRow, method: string) =>
    completeSignIn(fastify, db, request, reply, user, { method });

  app.post(
    '/vendor/password_login',
    {
      config: { permission: 'public', rateLimit: loginRateLimit, errors: [403] },
      schema: {
        tags: ['sign-in'],
        operationId: 'passwordLogin',
        summary: 'Sign in with user id and password',
        body: passwordLoginBody,
        response: { 200: loginAnswer },
      },
    },
    async (request, reply) => {
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
      config: { permission: 'public', rateLimit: loginRateLimit, errors: [403, 404, 502] },
      schema: {
        tags: ['sign-in'],
        operationId: 'sendLoginOtp',
        summary: 'Send a one-time code to a phone or an e-mail address',
        body: sendLoginOtpBody,
        response: { 200: sendLoginOtpAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      const user =
        body.target === 'phone' ? await findUserByPhone(db, body.phone_number) : await findUserByEmail(db, body.email);
      if (!user) {
        throw new AppError(
          404,
          'userNotFound',
          body.target === 'phone'
            ? 'No account is registered with this phone number'
            : 'No account is registered with this e-mail address',
        );
      }
      assertMaySignIn(user, body.target);
      const mfa = body.target === 'phone' && user.mfa_enabled;
      if (mfa && !user.email) {
        throw new AppError(
          403,
          'mfaEmailMissing',
          'Two-step sign-in needs an e-mail address on the account. Contact your administrator.',
        );
      }
      if (body.target === 'phone') {
        await otp.assertMaySend(user, 'login_phone', body.phone_number, request.ip);
        await otp.send(user, 'login_phone', 'phone', body.phone_number, request.ip);
        if (mfa && user.email) await otp.send(user, 'mfa_email', 'email', user.email, request.ip);
      } else {
        await otp.assertMaySend(user, 'login_email', body.email, request.ip);
        await otp.send(user, 'login_email', 'email', user.email ?? body.email, request.ip);
      }
      const masked = mfa && user.email ? maskEmail(user.email) : '';
      return {
        result: 'success' as const,
        userid: user.userid,
        message: body.target === 'phone' ? 'OTP sent to your phone' : 'OTP sent to your e-mail',
        mfa_details: { mfa_enabled: mfa, email: masked, email_id: masked },
      };
    },
  );

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
      const user = await findUserByUserid(db, request.body.userid);
      if (!user) throw new AppError(400, 'otpNotRequested', 'No code is waiting. Ask for a new one.');
      assertMaySignIn(user, 'phone');
      const ids = [await otp.check(user, 'login_phone', request.body.otp_code)];
      if (user.mfa_enabled) {
        if (!request.body.email_otp) throw badRequest('emailOtpRequired', 'Enter the code sent to your e-mail');
        ids.push(await otp.check(user, 'mfa_email', request.body.email_otp));
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
      const user = await findUserByUserid(db, request.body.userid);
      if (!user) throw new AppError(400, 'otpNotRequested', 'No code is waiting. Ask for a new one.');
      assertMaySignIn(user, 'email');
      await otp.consume([await otp.check(user, 'login_email', request.body.otp_code)]);
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
