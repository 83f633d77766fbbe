import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_WRONG_TRIES } from '@cd/core';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { otpCodes, type OtpRow, type UserRow } from '../../db/schema/index.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import type { Delivery } from './delivery.js';

export type OtpPurpose = OtpRow['purpose'];
export type OtpChannel = 'phone' | 'email';

const TEXT: Record<OtpPurpose, string> = {
  login_phone: 'Your Control Desk sign-in code is',
  login_email: 'Your Control Desk sign-in code is',
  mfa_email: 'Your Control Desk second sign-in code is',
};

/** A code to create: for an account (sent to it) or, with `user: null`, a decoy (created the same way, sent nowhere). */
export type CodeRequest = {
  user: UserRow | null;
  handle: string;
  purpose: OtpPurpose;
  channel: OtpChannel;
  /** The address as asked for (lower-case): what the per-recipient limit counts. */
  recipient: string;
  /** Where the message goes (the account's own address); defaults to `recipient`. */
  sendTo?: string;
  ip: string;
  /** The resend window and the hourly limits apply (the first code of a request; not its second-step code). */
  checkLimits?: boolean;
};

/** A checked code: its id (to consume it) and its account (null: a decoy, which never passes). */
export type CheckedCode = { id: number; userId: number };

/**
 * One-time codes (DESIGN.md §6): 6 digits, kept only as an HMAC, expiring, at most 5 wrong tries, no new
 * code within the resend window, sends limited per recipient and per IP per hour.
 *
 * Codes are found by an opaque handle derived from the address asked for (`handleFor`), never by account:
 * an address without an account gets a decoy row with the same limits, expiry and wrong-try counting, so no
 * answer of the sign-in calls tells whether an account exists (docs/decisions.md).
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
    private readonly delivery: Delivery,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  private hash(userId: number, purpose: OtpPurpose, code: string): string {
    return crypto.createHmac('sha256', this.secret).update(`${userId}:${purpose}:${code}`).digest('hex');
  }

  /** The sign-in handle of an address: the same for every request of it, opaque, whether or not it has an account. */
  handleFor(channel: OtpChannel, address: string): string {
    const mac = crypto
      .createHmac('sha256', this.secret)
      .update(`sign-in handle:${channel}:${address.trim().toLowerCase()}`)
      .digest('base64url');
    return `h_${mac.slice(0, 32)}`;
  }

  /**
   * Refuses a send inside the resend window or over the hourly limits. `issue` runs it with `checkLimits` inside
   * its own transaction, after locks on the handle and the IP, so parallel requests (also to other API processes)
   * cannot all pass the check before any of them has stored its code.
   */
  private async assertMaySend(
    db: DbOrTx,
    handle: string,
    purpose: OtpPurpose,
    recipient: string,
    ip: string,
  ): Promise<void> {
    const now = Date.now();
    const [last] = await db
      .select({ created_at: otpCodes.created_at })
      .from(otpCodes)
      .where(and(eq(otpCodes.handle, handle), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.created_at))
      .limit(1);
    if (last) {
      const waitMs = last.created_at.getTime() + this.config.OTP_RESEND_SECONDS * 1000 - now;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyRequests('otpResendTooSoon', `Please wait ${seconds} seconds before asking for a new code`, {
          retry_after: seconds,
        });
      }
    }
    const hourAgo = new Date(now - 3_600_000);
    const [perRecipient] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.recipient, recipient), gt(otpCodes.created_at, hourAgo)));
    if ((perRecipient?.n ?? 0) >= this.config.OTP_SENDS_PER_RECIPIENT_PER_HOUR) {
      throw tooManyRequests(
        'otpRecipientLimit',
        'Too many codes were sent to this number or address. Try again later.',
      );
    }
    const [perIp] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.ip, ip), gt(otpCodes.created_at, hourAgo)));
    if ((perIp?.n ?? 0) >= this.config.OTP_SENDS_PER_IP_PER_HOUR) {
      throw tooManyRequests('otpIpLimit', 'Too many codes were requested from this network. Try again later.');
    }
  }

  /**
   * Creates a code (replacing any earlier one of the same handle and purpose) and, for an account, delivers it.
   * A decoy is created the same way and sent nowhere. Delivery by SMTP or SMS runs after the answer, so the
   * answer takes as long whether or not anything is sent; a code that cannot be delivered is deleted (so the
   * user may ask again at once) and the failure is logged. The dev outbox writes before answering.
   */
  async issue(req: CodeRequest): Promise<void> {
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    // A decoy's hash is random: no code matches it.
    const codeHash = req.user ? this.hash(req.user.id, req.purpose, code) : crypto.randomBytes(32).toString('hex');
    // One clock for every time rule: the app's (the checks compare with it too).
    const now = new Date();
    const [row] = await this.db.transaction(async (tx) => {
      if (req.checkLimits) {
        // One sender at a time per handle and per IP (in one order, so two senders never wait on each other).
        for (const key of [`otp:handle:${req.handle}`, `otp:ip:${req.ip}`].sort())
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        await this.assertMaySend(tx, req.handle, req.purpose, req.recipient, req.ip);
      }
      await tx
        .update(otpCodes)
        .set({ consumed_at: now })
        .where(and(eq(otpCodes.handle, req.handle), eq(otpCodes.purpose, req.purpose), isNull(otpCodes.consumed_at)));
      return tx
        .insert(otpCodes)
        .values({
          user_id: req.user?.id ?? null,
          handle: req.handle,
          channel: req.channel,
          purpose: req.purpose,
          recipient: req.recipient,
          code_hash: codeHash,
          created_at: now,
          expires_at: new Date(now.getTime() + this.config.OTP_TTL_SECONDS * 1000),
          ip: req.ip,
        })
        .returning({ id: otpCodes.id });
    });
    if (!req.user || !row) return;
    const message = {
      channel: req.channel,
      to: req.sendTo ?? req.recipient,
      subject: 'Your Control Desk sign-in code',
      text: `${TEXT[req.purpose]} ${code}. It expires in ${Math.round(this.config.OTP_TTL_SECONDS / 60)} minutes.`,
      code,
    };
    const delivering = this.delivery.send(message).catch(async (err: unknown) => {
      // Not delivered: forget it, so the user may ask again at once. The delivery logged why (without the code).
      this.log.warn({ channel: req.channel, reason: (err as Error)?.message }, 'sign-in code not delivered');
      await this.db
        .delete(otpCodes)
        .where(eq(otpCodes.id, row.id))
        .catch((e: unknown) => this.log.error({ err: e }, 'could not delete an undelivered code'));
    });
    if (this.delivery.inline?.(req.channel)) await delivering;
  }

  /**
   * Checks the latest code of a handle without consuming it; returns its id and account. A wrong code counts a
   * try (in the database itself, so parallel guesses cannot exceed the limit); after the fifth wrong try the
   * code is dead even for the right value. A decoy fails like a wrong code.
   */
  async check(handle: string, purpose: OtpPurpose, code: string): Promise<CheckedCode> {
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.handle, handle), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumed_at)))
      .orderBy(desc(otpCodes.created_at))
      .limit(1);
    const which = purpose === 'mfa_email' ? 'e-mail code' : 'code';
    if (!row) throw new AppError(400, 'otpNotRequested', `No ${which} is waiting. Ask for a new one.`);
    if (row.expires_at <= new Date())
      throw new AppError(400, 'otpExpired', `The ${which} has expired. Ask for a new one.`);
    if (row.attempts >= OTP_MAX_WRONG_TRIES) {
      throw new AppError(400, 'otpTooManyAttempts', `Too many wrong codes. Ask for a new ${which}.`);
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash(row.user_id ?? 0, purpose, code), 'hex');
    if (row.user_id === null || !crypto.timingSafeEqual(expected, given)) {
      const [after] = await this.db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(eq(otpCodes.id, row.id))
        .returning({ attempts: otpCodes.attempts });
      if ((after?.attempts ?? 0) >= OTP_MAX_WRONG_TRIES) {
        throw new AppError(400, 'otpTooManyAttempts', `Too many wrong codes. Ask for a new ${which}.`);
      }
      throw new AppError(400, 'otpInvalid', purpose === 'mfa_email' ? 'Invalid e-mail OTP' : 'Invalid OTP');
    }
    return { id: row.id, userId: row.user_id };
  }

  /** Consumes checked codes all at once; fails if any was used or locked meanwhile. */
  async consume(ids: number[]): Promise<void> {
    const consumed = await this.db
      .update(otpCodes)
      .set({ consumed_at: new Date() })
      .where(
        and(
          inArray(otpCodes.id, ids),
          isNull(otpCodes.consumed_at),
          lt(otpCodes.attempts, OTP_MAX_WRONG_TRIES),
          gt(otpCodes.expires_at, new Date()),
        ),
      )
      .returning({ id: otpCodes.id });
    if (consumed.length !== ids.length) {
      throw new AppError(400, 'otpExpired', 'The code has expired. Ask for a new one.');
    }
  }
}
