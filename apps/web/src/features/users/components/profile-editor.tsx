import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { ProfileView } from '@cd/core';
import { PageLoading } from '../../../components';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { useEditorGrants, type EditorGrants } from '../editor-grants';
import type { ProfileApi } from '../profile-api';

type Props<T extends object, TIn extends FieldValues & { name: string }, TOut extends object> = FormRenderProps<
  ProfileView<T>
> & {
  api: Pick<ProfileApi<T, TOut>, 'useSave'>;
  schema: z.ZodType<TOut, TIn>;
  toValues: (profile?: ProfileView<T>) => TIn;
  title: string;
  width?: number;
  /** What the profile gives, edited with the editor's own grants (what they may hand out). */
  children: (form: UseFormReturn<TIn, unknown, TOut>, grants: EditorGrants) => ReactNode;
};

/** A profile's drawer: its name, then what it gives; Save waits for the editor's grants. */
export function ProfileEditor<T extends object, TIn extends FieldValues & { name: string }, TOut extends object>({
  api,
  children,
  ...props
}: Props<T, TIn, TOut>) {
  const { t } = useTranslation();
  const { grants, isPending } = useEditorGrants();
  const save = api.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      save={(body, version) => save.mutateAsync({ id: props.row?.id, body, version })}
      saveDisabled={isPending}
    >
      {(form) => (
        <>
          <FormTextField
            control={form.control as never}
            name="name"
            label={t('users.profiles.name')}
            required
            autoComplete="off"
            sx={{ maxWidth: 420 }}
            fullWidth
          />
          {isPending ? <PageLoading /> : children(form, grants)}
        </>
      )}
    </ResourceFormDialog>
  );
}
