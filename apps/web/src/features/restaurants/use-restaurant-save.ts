import { useState, type RefObject } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { restaurantFieldsSchema, type RestaurantView } from '@cd/core';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api-client';
import { describeError, serverMessageKey } from '../../lib/server-message';
import { useCreateRestaurant, useUpdateRestaurant } from './api';
import { errorPaths, issueText, type FormIssue } from './form-validation';
import { JSON_BLOBS, formValuesToFields, type RestaurantFormValues } from './form-values';
import { hasFieldFor, scrollToFirstError } from './scroll-to-error';

/** What the form knows about the stored record it edits (absent parts when adding). */
export type RestaurantMeta = {
  foodcourt: string;
  restaurant?: string;
  /** The saved name: the edit title names the restaurant by it (issue 35), not by its id. */
  name?: string;
  version?: number;
  updated_by?: string | null;
  updated_at?: string;
};

/** A server issue's field as the form names it: rest_x → options.x, a JSON blob → its text field. */
export function formFieldOf(field: string): string {
  let path = field;
  if (path.startsWith('rest_')) path = `options.${path.slice(5)}`;
  const blob = JSON_BLOBS.find((b) => path === `options.${b}` || path.startsWith(`options.${b}.`));
  return blob ? `jsonDrafts.${blob}` : path;
}

type Options = {
  form: UseFormReturn<RestaurantFormValues>;
  meta: RestaurantMeta;
  content: RefObject<HTMLElement | null>;
  onSaved: (restaurant: RestaurantView) => void;
};

/**
 * Submit: the form's resolver runs core's rules first (nothing is sent while an issue remains); then POST
 * (new) or PUT with the version it edited. A 409 shows the conflict (the user may reload), a 400 with issues
 * puts each under its field; every error scrolls to the first field concerned.
 */
export function useRestaurantSave({ form, meta, content, onSaved }: Options) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [conflict, setConflict] = useState<string | null>(null);
  const [otherIssues, setOtherIssues] = useState<string[]>([]);
  const create = useCreateRestaurant();
  const update = useUpdateRestaurant();

  const reveal = (paths: string[]) => setTimeout(() => scrollToFirstError(content.current, paths), 0);

  const handleServerError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'versionConflict') {
      setConflict(error.serverMessage || t('restaurant.conflict.text'));
      return;
    }
    const extras = error instanceof ApiError ? error.extras : {};
    const issues: FormIssue[] = Array.isArray(extras.issues)
      ? (extras.issues as FormIssue[])
      : error instanceof ApiError && typeof extras.field === 'string'
        ? [{ field: extras.field, key: serverMessageKey(error.code), message: error.serverMessage }]
        : [];
    if (issues.length === 0) {
      snackbar.show(describeError(error, i18n), 'error');
      return;
    }
    const placed: string[] = [];
    const others: string[] = [];
    for (const issue of issues) {
      const field = formFieldOf(issue.field);
      const text = issueText(issue, t);
      if (hasFieldFor(content.current, field)) {
        form.setError(field as Path<RestaurantFormValues>, { type: issue.key, message: text });
        placed.push(field);
      } else others.push(`${issue.field}: ${text}`);
    }
    setOtherIssues(others);
    reveal(placed);
    snackbar.show(t('restaurant.dialog.fixErrors', { count: issues.length }), 'error');
  };

  const submit = form.handleSubmit(
    async (values) => {
      setConflict(null);
      setOtherIssues([]);
      const fields = restaurantFieldsSchema.parse(formValuesToFields(values));
      const body = { ...fields, foodcourt: meta.foodcourt };
      try {
        const answer =
          meta.restaurant && meta.version
            ? await update.mutateAsync({ restaurant: meta.restaurant, body: { ...body, version: meta.version } })
            : await create.mutateAsync(body);
        snackbar.show(answer.message || t('restaurant.dialog.saved'), 'success');
        onSaved(answer.restaurant);
      } catch (error) {
        handleServerError(error);
      }
    },
    (errors) => {
      const paths = errorPaths(errors);
      reveal(paths);
      snackbar.show(t('restaurant.dialog.fixErrors', { count: paths.length }), 'error');
    },
  );

  return { submit, conflict, clearConflict: () => setConflict(null), otherIssues };
}
