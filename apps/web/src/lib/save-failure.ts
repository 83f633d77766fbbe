import type { i18n as I18n } from 'i18next';
import { ApiError } from './api-client';
import { describeError } from './server-message';

export type FieldFailure = { field: string; message: string };

/**
 * How a failed save is shown (issue 11: one behaviour everywhere): someone else saved first (409
 * versionConflict) → a conflict notice saying who and when, the user's input kept; failures naming fields of
 * the form → under those fields; anything else → one message.
 */
export type SaveFailure =
  | { kind: 'conflict'; message: string }
  | { kind: 'fields'; fields: FieldFailure[] }
  | { kind: 'other'; message: string };

/** `/sites/restaurants` or `sites.restaurants` → the form's top-level field `sites`. */
const topField = (path: string) => path.replace(/^\//, '').split(/[./]/)[0] ?? '';

export function classifySaveFailure(error: unknown, i18n: I18n, formFields: readonly string[]): SaveFailure {
  if (error instanceof ApiError && error.code === 'versionConflict') {
    return { kind: 'conflict', message: error.serverMessage || i18n.t('resource.conflict.text') };
  }
  if (error instanceof ApiError && error.status < 500) {
    const named: FieldFailure[] = [];
    const issues = Array.isArray(error.extras.issues) ? (error.extras.issues as Record<string, unknown>[]) : [];
    for (const issue of issues) {
      const field = topField(String(issue.field ?? issue.path ?? ''));
      const message = typeof issue.message === 'string' ? issue.message : '';
      if (formFields.includes(field) && message && !named.some((n) => n.field === field)) {
        named.push({ field, message });
      }
    }
    const field = typeof error.extras.field === 'string' ? topField(error.extras.field) : '';
    if (field && formFields.includes(field) && !named.some((n) => n.field === field)) {
      // The envelope's message names the field first (`name: Enter a name`); under the field that is said already.
      named.unshift({ field, message: describeError(error, i18n).replace(/^[\w.]+: /, '') });
    }
    if (named.length) return { kind: 'fields', fields: named };
  }
  return { kind: 'other', message: describeError(error, i18n) };
}
