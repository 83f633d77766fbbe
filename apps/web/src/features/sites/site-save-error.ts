import type { i18n as I18n } from 'i18next';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { describeError } from '../../lib/server-message';
import { applyServerFieldError } from '../users';

type Handlers<T extends FieldValues> = {
  setError: UseFormSetError<T>;
  /** The form's fields a server failure may name (extras.field). */
  fields: readonly FieldPath<T>[];
  /** Where an "already exists" answer shows: the id field. */
  idField: FieldPath<T>;
  onConflict: (message: string) => void;
  onOther: (message: string) => void;
};

/**
 * Shows a failed save where it belongs: someone else saved first (409 versionConflict) above the form; an id
 * already taken (409 siteExists) and any failure naming a field under that field; the rest as a message.
 */
export function showSiteSaveError<T extends FieldValues>(error: unknown, i18n: I18n, handlers: Handlers<T>): void {
  const { setError, fields, idField, onConflict, onOther } = handlers;
  if (error instanceof ApiError && error.code === 'versionConflict') {
    onConflict(error.serverMessage || i18n.t('sites.errors.versionConflict'));
  } else if (error instanceof ApiError && error.code === 'siteExists') {
    const message = error.serverMessage || i18n.t('sites.errors.siteExists');
    setError(idField, { type: 'server', message }, { shouldFocus: true });
  } else if (!applyServerFieldError(setError, fields, error, i18n)) {
    onOther(describeError(error, i18n));
  }
}
