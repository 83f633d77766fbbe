/**
 * Validation rules of spec 000 §5, shared by the web forms and the API.
 */

export const PHONE_LENGTH = 10;
export const PASSWORD_MIN_LENGTH = 8;
export const OTP_LENGTH = 6;

/** Phone sign-in: exactly 10 digits (spec 000 §5, §9). */
export function isValidPhone(phone: string): boolean {
  return /^\d{10}$/.test(phone);
}

/** Keeps only digits, as the numeric phone input does while typing; never longer than 10. */
export function sanitisePhoneInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

// A standard address pattern: local part, one @, a dotted domain with a 2+ letter top level.
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** A one-time code is exactly six digits. */
export function isValidOtp(code: string): boolean {
  return /^\d{6}$/.test(code);
}

const PASSWORD_SPECIALS = '$@^!%*#?&_';

/** At least 8 characters with an uppercase letter, a lowercase letter, a digit and one of $@^!%*#?&_ */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    [...password].some((c) => PASSWORD_SPECIALS.includes(c))
  );
}

const NAME_FORBIDDEN = '*|":<>[]{}`\\()\';@$!^%#/.,+=~';

/** Names may not contain any of * | " : < > [ ] { } ` \ ( ) ' ; @ $ ! ^ % # / . , + = ~ */
export function isValidName(name: string): boolean {
  return ![...name].some((c) => NAME_FORBIDDEN.includes(c));
}

/** Keys: word characters only and no leading underscore; the strict variant also forbids digits. */
export function isValidKey(key: string, options: { allowDigits?: boolean } = {}): boolean {
  const allowDigits = options.allowDigits ?? true;
  if (key.length === 0 || key.startsWith('_')) return false;
  return allowDigits ? /^\w+$/.test(key) : /^[A-Za-z_]+$/.test(key);
}

/** True when a user id is an address in the corporate domain, which must sign in by SSO. */
export function isCorporateUserId(userid: string, corporateDomain: string): boolean {
  const domain = corporateDomain.trim().toLowerCase();
  if (!domain) return false;
  return userid.trim().toLowerCase().endsWith(`@${domain}`);
}

/** Masks an e-mail for display to someone who proved only a phone number: "ad***@demo.test". */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${visible}***@${domain}`;
}
