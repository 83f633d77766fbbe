import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { permissionProfileBody } from '@cd/core';
import type { FormRenderProps } from '../../../components/resource';
import {
  PermissionEditor,
  ProfileEditor,
  useReportPermissions,
  type EditorGrants,
  type PermissionSetValue,
} from '../../users';
import { permissionProfileApi, type PermissionProfile } from '../api';

const toValues = (p?: PermissionProfile) => ({
  name: p?.name ?? '',
  admin: p?.admin ?? false,
  pagepermissionaccess: [...(p?.pagepermissionaccess ?? [])],
  permissions: [...(p?.permissions ?? [])],
  read_only_access: [...(p?.read_only_access ?? [])],
});

/** Name, admin flag, pages, fine permissions and read-only pages of one permission profile. */
export function PermissionProfileEditor(props: FormRenderProps<PermissionProfile>) {
  const { t } = useTranslation();
  return (
    <ProfileEditor
      {...props}
      api={permissionProfileApi}
      title={
        props.row ? t('permissionProfiles.editTitle', { name: props.row.name }) : t('permissionProfiles.createTitle')
      }
      schema={permissionProfileBody}
      toValues={toValues}
    >
      {(form, grants) => <PermissionFields form={form} grants={grants} />}
    </ProfileEditor>
  );
}

type FieldsProps = {
  form: UseFormReturn<z.input<typeof permissionProfileBody>, unknown, z.output<typeof permissionProfileBody>>;
  grants: EditorGrants;
};

function PermissionFields({ form, grants }: FieldsProps) {
  const value = useWatch({ control: form.control }) as ReturnType<typeof toValues>;
  const errors = form.formState.errors;
  const reportPermissions = useReportPermissions();
  const handleChange = (next: PermissionSetValue) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('admin', next.admin, options);
    form.setValue('pagepermissionaccess', next.pagepermissionaccess, options);
    form.setValue('permissions', next.permissions, options);
    form.setValue('read_only_access', next.read_only_access, options);
  };
  return (
    <PermissionEditor
      value={{
        admin: value.admin ?? false,
        pagepermissionaccess: value.pagepermissionaccess ?? [],
        permissions: value.permissions ?? [],
        read_only_access: value.read_only_access ?? [],
      }}
      onChange={handleChange}
      grants={grants}
      reportPermissions={reportPermissions}
      errors={{
        admin: errors.admin?.message,
        pagepermissionaccess: errors.pagepermissionaccess?.message,
        permissions: errors.permissions?.message,
        read_only_access: errors.read_only_access?.message,
      }}
    />
  );
}
