import { describe, expect, it } from 'vitest';
import {
  isCorporateUserId,
  isStrongPassword,
  isValidEmail,
  isValidKey,
  isValidName,
  isValidOtp,
  isValidPhone,
  maskEmail,
  sanitisePhoneInput,
} from './validation.js';
import { decodeCredential, encodeCredential } from './credentials.js';
import { isSessionLossMessage } from './session-messages.js';

describe('phone rule', () => {
  it('accepts exactly ten digits', () => {
    expect(isValidPhone('9000000001')).toBe(true);
    expect(isValidPhone('900000000')).toBe(false);
    expect(isValidPhone('90000000011')).toBe(false);
    expect(isValidPhone('90000000a1')).toBe(false);
    expect(isValidPhone('+900000001')).toBe(false);
  });
  it('keeps only digits while typing and stops at ten', () => {
    expect(sanitisePhoneInput('90a00-00 0000c1')).toBe('9000000000');
    expect(sanitisePhoneInput('+91 90000 00001 23')).toBe('9190000000');
  });
});

describe('e-mail rule', () => {
  it.each(['admin@demo.controldesk.test', 'a.b+c@x-y.co.uk', ' A@B.io '])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each(['admin@demo', 'admin.demo.test', '@x.io', 'a@b.c', 'a b@c.io', ''])('refuses %s', (e) =>
    expect(isValidEmail(e)).toBe(false),
  );
});

describe('code rule', () => {
  it('needs six digits', () => {
    expect(isValidOtp('012345')).toBe(true);
    expect(isValidOtp('12345')).toBe(false);
    expect(isValidOtp('12345a')).toBe(false);
  });
});

describe('password strength', () => {
  it('accepts 8+ characters with upper, lower, digit and one of $@^!%*#?&_', () => {
    expect(isStrongPassword('ControlDesk#2026')).toBe(true);
    expect(isStrongPassword('Abcdef1_')).toBe(true);
  });
  it.each([
    ['too short', 'Ab1#xyz'],
    ['no uppercase', 'controldesk#2026'],
    ['no lowercase', 'CONTROLDESK#2026'],
    ['no digit', 'ControlDesk#'],
    ['no special of the list', 'ControlDesk-2026'],
  ])('refuses a password with %s', (_why, pw) => expect(isStrongPassword(pw)).toBe(false));
});

describe('name and key rules', () => {
  it('refuses each forbidden name character', () => {
    for (const c of '*|":<>[]{}`\\()\';@$!^%#/.,+=~') expect(isValidName(`Spice${c}Route`), c).toBe(false);
    expect(isValidName('Spice Route - Atrium & Co')).toBe(true);
  });
  it('keys: word characters, no leading underscore; the strict variant forbids digits', () => {
    expect(isValidKey('rest_hasdinein')).toBe(true);
    expect(isValidKey('_hidden')).toBe(false);
    expect(isValidKey('has-dash')).toBe(false);
    expect(isValidKey('')).toBe(false);
    expect(isValidKey('option2')).toBe(true);
    expect(isValidKey('option2', { allowDigits: false })).toBe(false);
  });
});

describe('corporate user ids', () => {
  it('matches the corporate domain only at the end, ignoring case', () => {
    expect(isCorporateUserId('Demo.SSO@Corp.ControlDesk.test', 'corp.controldesk.test')).toBe(true);
    expect(isCorporateUserId('demo.admin', 'corp.controldesk.test')).toBe(false);
    expect(isCorporateUserId('x@notcorp.controldesk.test', 'corp.controldesk.test')).toBe(false);
    expect(isCorporateUserId('x@corp.controldesk.test', '')).toBe(false);
  });
});

describe('credentials encoding', () => {
  it('round-trips any text, including non-ASCII', () => {
    for (const v of ['demo.admin', 'ControlDesk#2026', 'Jürgen–Ω✓'])
      expect(decodeCredential(encodeCredential(v))).toBe(v);
  });
  it('gives null for text that is not base64 of UTF-8', () => {
    expect(decodeCredential('%%%')).toBeNull();
    expect(decodeCredential(btoa(String.fromCharCode(0xff, 0xfe)))).toBeNull();
  });
});

describe('helpers', () => {
  it('masks an e-mail address', () => {
    expect(maskEmail('menu@demo.controldesk.test')).toBe('me***@demo.controldesk.test');
    expect(maskEmail('a@b.io')).toBe('a***@b.io');
  });
  it('recognises the three session-loss messages', () => {
    expect(isSessionLossMessage('invalid cookie')).toBe(true);
    expect(isSessionLossMessage('You are logged out. Login again')).toBe(true);
    expect(isSessionLossMessage('Invalid login credentials')).toBe(true);
    expect(isSessionLossMessage('Invalid OTP')).toBe(false);
  });
});
