import type { i18n as I18n } from 'i18next';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { describeError } from '../../lib/server-message';

/**
 * A failure naming a field (extras.field: `phone`, `sites.restaurants`, …) shows under that field of the
 * form. Answers true when it did; other failures are the caller's to show.
 */
export function applyServerFieldError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
  error: unknown,
  i18n: I18n,
): boolean {
  if (!(error instanceof ApiError) || typeof error.extras.field !== 'string') return false;
  const field = error.extras.field.split('.')[0] ?? '';
  if (!fields.includes(field)) return false;
  setError(field as FieldPath<T>, { type: 'server', message: describeError(error, i18n) }, { shouldFocus: true });
  return true;
}
