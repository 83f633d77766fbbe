import { useState } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foodItemFieldsSchema, MENU_ITEM_FIELDS, validateFoodItem, type FoodItem, type SubmenuSummary } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useCreateFoodItem, useUpdateFoodItem } from '../api';
import { formValuesToFields, type ItemFormValues } from './form-values';

/** The stored item the form edits: absent while adding. */
export type ItemMeta = { foodid: string; version: number } | null;

type Options = {
  form: UseFormReturn<ItemFormValues>;
  restaurant: string;
  meta: ItemMeta;
  submenus: SubmenuSummary[];
  onSaved: (item: FoodItem) => void;
};

/**
 * Save: core's rules first (the item's schema and the whole-item check the server runs again); then POST
 * (new) or PUT with the version edited. 409: someone else saved — the user may reload. 400: the server's
 * message, translated by its code (the rule's key) when there is a text for it.
 */
export function useItemSave({ form, restaurant, meta, submenus, onSaved }: Options) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const [conflict, setConflict] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const create = useCreateFoodItem();
  const update = useUpdateFoodItem();
  const text = (key: string, fallback: string) => (i18n.exists(key) ? t(key) : fallback);

  const refuse = (messages: string[]) => {
    setProblems(messages);
    snackbar.show(t('editMenu.save.fix', { count: messages.length }), 'error');
  };

  const submit = form.handleSubmit(async (values) => {
    setConflict(false);
    setProblems([]);
    const fields = formValuesToFields(values);
    const parsed = foodItemFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => {
        const path = issue.path.join('.');
        const message = text(issue.message, issue.message);
        form.setError(path as Path<ItemFormValues>, { type: 'schema', message });
        return `${fieldLabel(path)}: ${message}`;
      });
      refuse(messages);
      return;
    }
    const ruleErrors = validateFoodItem(parsed.data, { submenus });
    if (ruleErrors.length) {
      refuse(ruleErrors.map((e) => text(e.key, e.message)));
      return;
    }
    try {
      const answer = meta
        ? await update.mutateAsync({ foodid: meta.foodid, body: { ...parsed.data, version: meta.version } })
        : await create.mutateAsync({ ...parsed.data, restaurant });
      snackbar.show(t('editMenu.save.saved', { name: answer.fooditem.foodname }), 'success');
      onSaved(answer.fooditem);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.code === 'versionConflict')) {
        setConflict(true);
        return;
      }
      const message =
        error instanceof ApiError && error.code && i18n.exists(error.code) ? t(error.code) : describeError(error, i18n);
      refuse([message]);
    }
  });

  return { submit, conflict, problems, clearConflict: () => setConflict(false) };
}

/** A path's field label for the list of problems (nested rows name their field). */
function fieldLabel(path: string): string {
  return MENU_ITEM_FIELDS.find((d) => path === d.key || path.startsWith(`${d.key}.`))?.label ?? path;
}
