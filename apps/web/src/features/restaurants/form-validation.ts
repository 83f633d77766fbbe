import { restaurantFieldsSchema, validateRestaurant, validateServingSlot, type RestaurantIssue } from '@cd/core';
import type { FieldError, FieldErrors } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { JSON_BLOBS, formValuesToFields, type RestaurantFormValues } from './form-values';
import { parseTimeRange } from './time-range';

/** One problem to show under a field: core's issue shape, with values for the message's placeholders. */
export type FormIssue = RestaurantIssue & { params?: Record<string, unknown> };

/** A JSON blob's text as an object, or the reason it is not one. */
export function parseJsonBlob(text: string): { value: Record<string, unknown> } | { issue: Omit<FormIssue, 'field'> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      issue: { key: 'restaurant.errors.invalidJson', message: `Not valid JSON: ${reason}`, params: { reason } },
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { issue: { key: 'restaurant.errors.jsonObject', message: 'Enter a JSON object, e.g. {"key": "value"}' } };
  }
  return { value: parsed as Record<string, unknown> };
}

function zodIssues(values: RestaurantFormValues): FormIssue[] {
  const result = restaurantFieldsSchema.safeParse(formValuesToFields(values));
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const field = issue.path.join('.');
    const raw = issue as { expected?: string; minimum?: unknown; maximum?: unknown };
    if (issue.code === 'invalid_type' && raw.expected === 'int')
      return { field, key: 'restaurant.errors.wholeNumber', message: 'Enter a whole number' };
    if (issue.code === 'invalid_type' && raw.expected === 'number')
      return { field, key: 'restaurant.errors.enterNumber', message: 'Enter a number' };
    if (issue.code === 'too_small' && typeof raw.minimum !== 'undefined')
      return {
        field,
        key: 'restaurant.errors.tooSmall',
        message: `Must be at least ${String(raw.minimum)}`,
        params: { min: raw.minimum },
      };
    if (issue.code === 'too_big' && typeof raw.maximum !== 'undefined')
      return {
        field,
        key: 'restaurant.errors.tooBig',
        message: `Must be at most ${String(raw.maximum)}`,
        params: { max: raw.maximum },
      };
    // The schema's own words (its refinements name the problem); the key exists so the message is never a key.
    return { field, key: 'restaurant.errors.invalid', message: issue.message, params: { message: issue.message } };
  });
}

function timeRangeIssues(values: RestaurantFormValues): FormIssue[] {
  const ranges = { 'options.genservingtime': values.options.genservingtime, delservingtime: values.delservingtime };
  return Object.entries(ranges).flatMap(([field, text]) => {
    const range = parseTimeRange(text);
    const problems = validateServingSlot({ start: range?.start ?? '', end: range?.end ?? '', channels: ['app'] }, []);
    return problems.map((p) => ({ ...p, field }));
  });
}

/**
 * Everything that blocks a save (spec 001 §5.1): core's restaurant rules first, then the JSON blobs, the
 * serving-time ranges and the schema's own limits. One issue per field: the first found.
 */
export function collectIssues(values: RestaurantFormValues): FormIssue[] {
  const fields = formValuesToFields(values);
  const jsonIssues = JSON_BLOBS.flatMap((key) => {
    const parsed = parseJsonBlob(values.jsonDrafts[key] ?? '');
    return 'issue' in parsed ? [{ ...parsed.issue, field: `jsonDrafts.${key}` }] : [];
  });
  const all = [...validateRestaurant(fields), ...jsonIssues, ...timeRangeIssues(values), ...zodIssues(values)];
  const seen = new Set<string>();
  return all.filter((issue) => (seen.has(issue.field) ? false : (seen.add(issue.field), true)));
}

export function issueText(issue: FormIssue, t: TFunction): string {
  return t(issue.key, { ...issue.params, defaultValue: issue.message });
}

/** Issues as react-hook-form's nested errors object ('options.x.0.min' → errors.options.x[0].min). */
export function nestIssues(issues: FormIssue[], t: TFunction): FieldErrors<RestaurantFormValues> {
  const root: Record<string, unknown> = {};
  for (const issue of issues) {
    const parts = issue.field.split('.');
    let node = root;
    parts.slice(0, -1).forEach((part, i) => {
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
    const error: FieldError = { type: issue.key, message: issueText(issue, t) };
    node[parts[parts.length - 1]!] = error;
  }
  return root as FieldErrors<RestaurantFormValues>;
}

/** Field paths with an error, flattened from react-hook-form's nested errors object. */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const record = errors as Record<string, unknown>;
  if (typeof record.message === 'string' && typeof record.type === 'string') return [prefix];
  return Object.entries(record).flatMap(([key, value]) =>
    key === 'ref' ? [] : errorPaths(value, prefix ? `${prefix}.${key}` : key),
  );
}
