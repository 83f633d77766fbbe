import type { i18n as I18n } from 'i18next';
import { ApiError } from './api-client';

/** The i18n key for a server failure code: `serverMessages.<code without non-alphanumerics>` (spec 000 §8). */
export function serverMessageKey(code: string): string {
  return `serverMessages.${code.replace(/[^A-Za-z0-9]/g, '')}`;
}

/**
 * What to show for a failed call: the translation of the server's code when one exists, else the server's
 * message, else the general error text.
 */
export function describeError(error: unknown, i18n: I18n): string {
  if (error instanceof ApiError) {
    if (error.code) {
      const key = serverMessageKey(error.code);
      if (i18n.exists(key)) return i18n.t(key);
    }
    if (error.serverMessage) return error.serverMessage;
  }
  return i18n.t('errorMsgs.general');
}
