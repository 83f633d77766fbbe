import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_WRONG_TRIES } from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { otpCodes, type OtpRow, type UserRow } from '../../db/schema/index.js';
import { AppError, tooManyRequests } from '../../lib/errors.js';
import { DeliveryError, type Delivery } from './delivery.js';

export type OtpPurpose = OtpRow['purpose'];

const TEXT: Record<OtpPurpose, string> = {
  login_phone: 'Your Control Desk sign-in code is',
  login_email: 'Your Control Desk sign-in code is',
  mfa_email: 'Your Control Desk second sign-in code is',
};

/**
 * One-time codes (DESIGN.md §6): 6 digits, kept only as an HMAC, expiring, at most 5 wrong tries, no new
 * code within the resend window, sends limited per recipient and per IP per hour.
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly secret: string,
    private readonly delivery: Delivery,
  ) {}

  private hash(userId: number, purpose: OtpPurpose, code: string): string {
    return crypto.createHmac('sha256', this.secret).update(`${userId}:${purpose}:${code}`).digest('hex');
  }

  /** Refuses a send inside the resend window or over the hourly limits; call before sending anything. */
  async assertMaySend(user: UserRow, purpose: OtpPurpose, recipient: string, ip: string): Promise<void> {
    const now = Date.now();
    const [last] = await this.db
      .select({ created_at: otpCodes.created_at })
      .from(otpCodes)
      .where(and(eq(otpCodes.user_id, user.id), eq(otpCodes.purpose, purpose)))
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
    const [perRecipient] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.recipient, recipient), gt(otpCodes.created_at, hourAgo)));
    if ((perRecipient?.n ?? 0) >= this.config.OTP_SENDS_PER_RECIPIENT_PER_HOUR) {
      throw tooManyRequests(
        'otpRecipientLimit',
        'Too many codes were sent to this number or address. Try again later.',
      );
    }
    const [perIp] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.ip, ip), gt(otpCodes.created_at, hourAgo)));
    if ((perIp?.n ?? 0) >= this.config.OTP_SENDS_PER_IP_PER_HOUR) {
      throw tooManyRequests('otpIpLimit', 'Too many codes were requested from this network. Try again later.');
    }
  }

  /** Creates a code (replacing any earlier one for the same purpose) and delivers it. */
  async send(user: UserRow, purpose: OtpPurpose, channel: 'phone' | 'email', recipient: string, ip: string) {
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    // One clock for every time rule: the app's (the checks compare with it too).
    const now = new Date();
    const [row] = await this.db.transaction(async (tx) => {
      await tx
        .update(otpCodes)
        .set({ consumed_at: new Date() })
        .where(and(eq(otpCodes.user_id, user.id), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumed_at)));
      return tx
        .insert(otpCodes)
        .values({
          user_id: user.id,
          channel,
          purpose,
          recipient,
          code_hash: this.hash(user.id, purpose, code),
          created_at: now,
          expires_at: new Date(now.getTime() + this.config.OTP_TTL_SECONDS * 1000),
          ip,
        })
        .returning({ id: otpCodes.id });
    });
    try {
      await this.delivery.send({
        channel,
        to: recipient,
        subject: 'Your Control Desk sign-in code',
        text: `${TEXT[purpose]} ${code}. It expires in ${Math.round(this.config.OTP_TTL_SECONDS / 60)} minutes.`,
        code,
      });
    } catch (err) {
      // Not delivered: forget it, so the user may ask again at once.
      if (row) await this.db.delete(otpCodes).where(eq(otpCodes.id, row.id));
      if (err instanceof DeliveryError) {
        throw new AppError(502, 'otpDeliveryFailed', 'We could not send the code. Please try again.');
      }
      throw err;
    }
  }

  /**
   * Checks a code without consuming it; returns its id. A wrong code counts a try (in the database itself,
   * so parallel guesses cannot exceed the limit); after the fifth wrong try the code is dead even for the
   * right value.
   */
  async check(user: UserRow, purpose: OtpPurpose, code: string): Promise<number> {
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.user_id, user.id), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumed_at)))
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
    const given = Buffer.from(this.hash(user.id, purpose, code), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) {
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
    return row.id;
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
