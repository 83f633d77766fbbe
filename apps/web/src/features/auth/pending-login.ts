import { OTP_RESEND_SECONDS, type MfaDetails } from '@cd/core';
import { localStore } from '../../lib/storage';

export type CodeTarget = 'phone' | 'email';

/**
 * A code request waiting for its code (spec 000 §4): the send_login_otp answer, where the code went and when.
 * Kept in localStorage so the code screen and its resend countdown survive a reload.
 */
export type PendingLogin = {
  target: CodeTarget;
  phone_number?: string;
  email?: string;
  userid: string;
  mfa_details: MfaDetails;
  /** The login screen's location parameter, so Back returns to the same SSO options. */
  location?: string;
  /** Epoch milliseconds when the last code was sent; the resend countdown runs from here. */
  sentAt: number;
};

export const PENDING_LOGIN_KEY = 'cd.pendingLogin';

function isPendingLogin(value: unknown): value is PendingLogin {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<PendingLogin>;
  return (
    (v.target === 'phone' || v.target === 'email') &&
    typeof v.userid === 'string' &&
    typeof v.sentAt === 'number' &&
    typeof v.mfa_details === 'object' &&
    v.mfa_details !== null
  );
}

export function loadPendingLogin(): PendingLogin | null {
  const value = localStore.get<unknown>(PENDING_LOGIN_KEY);
  return isPendingLogin(value) ? value : null;
}

export function savePendingLogin(pending: PendingLogin): void {
  localStore.set(PENDING_LOGIN_KEY, pending);
}

export function clearPendingLogin(): void {
  localStore.remove(PENDING_LOGIN_KEY);
}

/** Whole seconds left before another code may be asked for (0 when resend is allowed). */
export function secondsUntilResend(sentAt: number, now: number = Date.now()): number {
  const elapsed = Math.max(0, now - sentAt);
  return Math.max(0, Math.ceil(OTP_RESEND_SECONDS - elapsed / 1000));
}

/** Where the code went, for the code screen's text. */
export function pendingDestination(pending: PendingLogin): string {
  return (pending.target === 'phone' ? pending.phone_number : pending.email) ?? '';
}
