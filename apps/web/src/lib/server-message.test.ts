import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { describeError, serverMessageKey } from './server-message';

describe('describeError', () => {
  it('translates by the code with non-alphanumerics stripped', () => {
    expect(serverMessageKey('enter-id_and.password')).toBe('serverMessages.enteridandpassword');
    const error = new ApiError(400, 'enter id and password', 'enterIdAndPassword');
    expect(describeError(error, i18n)).toBe('Please enter id and password');
  });

  it('falls back to the server message when no translation exists', () => {
    const error = new ApiError(400, 'Incorrect user id or password', 'wrongCredentials');
    expect(describeError(error, i18n)).toBe('Incorrect user id or password');
  });

  it('falls back to the general text when the server gave no message', () => {
    const general = 'Oops... Something went wrong. Please try again after sometime.';
    expect(describeError(new ApiError(500, '', ''), i18n)).toBe(general);
    expect(describeError(new ApiError(0, '', 'network'), i18n)).toBe(general);
    expect(describeError(new TypeError('boom'), i18n)).toBe(general);
  });
});
