import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Server-side sessions; the cookie holds a random id, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id_hash: text('id_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/**
 * One-time codes: stored as HMAC, expiring, with a count of wrong tries. A code asked for an address that
 * belongs to no account (or to one that may not sign in that way) is a decoy: the same row without a user,
 * whose code nobody knows, so the answers and their timing do not tell whether the account exists.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    /** The account; null for a decoy. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The opaque sign-in handle the send answered (as `userid`), which the verify call names. */
    handle: text('handle'),
    /** phone | email: the channel the code was sent on. */
    channel: text('channel', { enum: ['phone', 'email'] }).notNull(),
    /** login_phone | login_email | mfa_email: what the code proves. */
    purpose: text('purpose', { enum: ['login_phone', 'login_email', 'mfa_email'] }).notNull(),
    recipient: text('recipient').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    index('otp_codes_user_purpose_idx').on(t.user_id, t.purpose),
    index('otp_codes_recipient_idx').on(t.recipient),
    index('otp_codes_handle_idx').on(t.handle, t.purpose),
  ],
);

/** Single sign-on attempts between the start call, the provider's callback and the completion call. */
export const ssoLogins = pgTable('sso_logins', {
  login_token: text('login_token').primaryKey(),
  state: text('state').notNull().unique(),
  nonce: text('nonce').notNull(),
  code_verifier: text('code_verifier').notNull(),
  sso_action: text('sso_action').notNull(),
  location: text('location').notNull().default(''),
  /** SHA-256 of a random value held in the starting browser's cookie: only that browser may complete. */
  browser_hash: text('browser_hash').notNull(),
  status: text('status', { enum: ['pending', 'authenticated', 'failed', 'used'] })
    .notNull()
    .default('pending'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  error: text('error'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type SessionRow = typeof sessions.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;

/**
 * Failed sign-ins per account (issue 32: a per-account throttle on top of the per-IP limits). One row per failed
 * password (or code) attempt, whatever the address; a successful sign-in clears the account's rows. Shared by
 * every API process, so the limit holds across them. `account` is the lower-cased user id as typed.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: serial('id').primaryKey(),
    account: text('account').notNull(),
    method: text('method').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_account_idx').on(t.account, t.at)],
);
