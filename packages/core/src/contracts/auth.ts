import { z } from 'zod';
import { clientMeta } from './envelope.js';

/** Sign-in methods a user may be allowed (the profile's login_types). */
export const LOGIN_TYPES = ['password', 'phone', 'email', 'sso'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

const otpCode = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code');

/** POST /v2/bck/vendor/send_login_otp */
export const sendLoginOtpBody = z.discriminatedUnion('target', [
  z.object({
    target: z.literal('phone'),
    phone_number: z.string().regex(/^\d{10}$/, 'Enter a 10-digit phone number'),
    ...clientMeta,
  }),
  z.object({
    target: z.literal('email'),
    email: z.email('Enter a valid e-mail address').max(254),
    ...clientMeta,
  }),
]);
export type SendLoginOtpBody = z.infer<typeof sendLoginOtpBody>;

export const mfaDetailsSchema = z.object({
  mfa_enabled: z.boolean(),
  /** Masked address the second code was sent to, when mfa_enabled. */
  email: z.string(),
  /** Identifies the e-mail code challenge; the same masked address (no id is exposed). */
  email_id: z.string(),
});
export type MfaDetails = z.infer<typeof mfaDetailsSchema>;

export const sendLoginOtpAnswer = z.object({
  result: z.literal('success'),
  userid: z.string(),
  message: z.string(),
  mfa_details: mfaDetailsSchema,
});
export type SendLoginOtpAnswer = z.infer<typeof sendLoginOtpAnswer>;

/** POST /v2/bck/vendor/login — completes phone sign-in (second e-mail code when two-step). */
export const phoneLoginBody = z.object({
  userid: z.string().min(1).max(200),
  otp_code: otpCode,
  email_otp: otpCode.optional(),
  ...clientMeta,
});

/** POST /v2/bck/vendor/verify_otp — completes e-mail code sign-in. */
export const verifyOtpBody = z.object({
  userid: z.string().min(1).max(200),
  otp_code: otpCode,
  mfa: z.boolean().optional(),
  ...clientMeta,
});

/** POST /v2/bck/vendor/password_login — values base64-encoded, flagged encrypted. */
export const passwordLoginBody = z.object({
  userid: z.string().min(1).max(400),
  password: z.string().min(1).max(1000),
  encrypted: z.boolean().optional(),
  ...clientMeta,
});

export const loginAnswer = z.object({
  result: z.literal('success'),
  message: z.string(),
  extras: z.object({ name: z.string() }),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** POST /v2/bck/vendor/login_options */
export const loginOptionsBody = z.object({
  location: z.string().max(100).optional().default(''),
  platform: z.string().max(40).optional(),
  ...clientMeta,
});

export const ssoOptionSchema = z.object({
  sso_action: z.string(),
  actionlabel: z.string(),
  imageurl: z.string(),
  location: z.string(),
});
export type SsoOption = z.infer<typeof ssoOptionSchema>;

export const loginOptionsAnswer = z.object({
  result: z.literal('success'),
  sso_login: z.array(ssoOptionSchema),
});

/** POST /v2/bck/vendor/sso_login — starts single sign-on. */
export const ssoStartBody = z.object({
  action: z.literal('login'),
  sso_action: z.string().min(1).max(100),
  location: z.string().max(100).optional().default(''),
  pushid: z.string().max(200).optional(),
  platform: z.string().max(40).optional(),
  os: z.string().max(40).optional(),
  ...clientMeta,
});

export const ssoStartAnswer = z.object({
  result: z.literal('success'),
  login_token: z.string(),
  redirecturl: z.string(),
});

/** POST /v2/bck/vendor/sso_complete — completes single sign-on after the provider returned. */
export const ssoCompleteBody = z.object({
  action: z.literal('login'),
  token: z.string().min(1).max(200),
  sso_action: z.string().min(1).max(100),
  location: z.string().max(100).optional().default(''),
  pushid: z.string().max(200).optional(),
  platform: z.string().max(40).optional(),
  ...clientMeta,
});

export const emptyBody = z.object({ ...clientMeta }).optional();
