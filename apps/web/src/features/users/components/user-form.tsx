import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UserSites } from '@cd/core';
import type { EditorGrants } from '../editor-grants';
import type { PermissionSetValue } from '../permission-set';
import type { UserFormOutput, UserFormValues } from '../user-form-values';
import { useReportPermissions } from '../report-permissions';
import { PermissionEditor } from './permission-editor';
import { SignInFields } from './sign-in-fields';
import { SitesPicker } from './sites-picker';
import { UserIdentityFields } from './user-identity-fields';

type Props = {
  form: UseFormReturn<UserFormValues, unknown, UserFormOutput>;
  mode: 'create' | 'edit';
  grants: EditorGrants;
  hasPassword?: boolean;
  onSetPassword?: () => void;
  /** The permission profile last applied to the user (views shared with it reach them). */
  profileName?: string;
};

/** The user's details, sign-in, page permissions and sites; the container submits it. */
export function UserForm({ form, mode, grants, hasPassword, onSetPassword, profileName }: Props) {
  const { t } = useTranslation();
  const { control, setValue, formState } = form;
  const [admin, pagepermissionaccess, permissions, read_only_access, sites] = useWatch({
    control,
    name: ['admin', 'pagepermissionaccess', 'permissions', 'read_only_access', 'sites'],
  });
  const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const errors = formState.errors;

  const handlePermissions = (next: PermissionSetValue) => {
    setValue('admin', next.admin, options);
    setValue('pagepermissionaccess', next.pagepermissionaccess, options);
    setValue('permissions', next.permissions, options);
    setValue('read_only_access', next.read_only_access, options);
  };
  const handleSites = (next: UserSites) => setValue('sites', next, options);
  const reportPermissions = useReportPermissions();
  const sitesError =
    errors.sites?.message ??
    errors.sites?.locations?.message ??
    errors.sites?.foodcourts?.message ??
    errors.sites?.restaurants?.message;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Section title={t('users.sections.details')}>
        <UserIdentityFields control={control} mode={mode} />
      </Section>
      <Section title={t('users.sections.signIn')}>
        <SignInFields form={form} mode={mode} hasPassword={hasPassword} onSetPassword={onSetPassword} />
      </Section>
      <Section title={t('users.sections.permissions')}>
        {profileName && (
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t('users.profileApplied', { name: profileName })}
          </Typography>
        )}
        <PermissionEditor
          value={{ admin, pagepermissionaccess, permissions, read_only_access }}
          onChange={handlePermissions}
          grants={grants}
          reportPermissions={reportPermissions}
          errors={{
            admin: errors.admin?.message,
            pagepermissionaccess: errors.pagepermissionaccess?.message,
            permissions: errors.permissions?.message,
            read_only_access: errors.read_only_access?.message,
          }}
        />
      </Section>
      <Section title={t('users.sections.sites')}>
        <SitesPicker value={sites} onChange={handleSites} tree={grants.siteTree} grants={grants} error={sitesError} />
      </Section>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
      <Divider sx={{ mt: 3 }} />
    </Box>
  );
}
