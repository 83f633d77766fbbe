import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { siteProfileBody, type UserSites } from '@cd/core';
import { PageLoading, useSnackbar } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import {
  applyServerFieldError,
  ConflictAlert,
  EditorDrawer,
  EMPTY_SITES,
  FormTextField,
  SitesPicker,
  useDirtyFlag,
  useEditorGrants,
} from '../../users';
import { siteProfileApi, type SiteProfile, type SiteProfileOutput } from '../api';

type Values = z.input<typeof siteProfileBody>;

type Props = {
  profile?: SiteProfile;
  onClose: () => void;
  onReload?: () => Promise<SiteProfile | undefined>;
};

const toValues = (p?: SiteProfile): Values => ({
  name: p?.name ?? '',
  sites: p
    ? {
        locations: [...p.sites.locations],
        foodcourts: [...p.sites.foodcourts],
        restaurants: [...p.sites.restaurants],
      }
    : EMPTY_SITES,
  ...(p ? { version: p.version } : {}),
});

/** Name and sites (the editor's own, as a tri-state tree) of one site profile. */
export function SiteProfileEditor({ profile, onClose, onReload }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const { grants, isPending } = useEditorGrants();
  const form = useForm<Values, unknown, SiteProfileOutput>({
    defaultValues: toValues(profile),
    resolver: zodResolver(siteProfileBody),
  });
  const setDirty = useDirtyFlag(form.formState.isDirty);
  const [conflict, setConflict] = useState<string | null>(null);
  const sites = useWatch({ control: form.control, name: 'sites' });
  const save = siteProfileApi.useSave({
    onSuccess: (answer) => {
      form.reset(toValues(answer.profile));
      setDirty(false);
      snackbar.show(answer.message || t('users.form.saved'), 'success');
      onClose();
    },
  });

  const submit = form.handleSubmit(async (body) => {
    setConflict(null);
    await save.mutateAsync({ id: profile?.id, body }).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'versionConflict') {
        setConflict(error.serverMessage || t('users.conflict.text'));
      } else if (!applyServerFieldError(form.setError, ['name', 'sites'], error, i18n)) {
        snackbar.show(describeError(error, i18n), 'error');
      }
    });
  });

  const handleSites = (next: UserSites) =>
    form.setValue('sites', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const handleReload = async () => {
    const fresh = await onReload?.();
    if (fresh) form.reset(toValues(fresh));
    setConflict(null);
  };

  const errors = form.formState.errors;
  return (
    <EditorDrawer
      title={profile ? t('siteProfiles.editTitle', { name: profile.name }) : t('siteProfiles.createTitle')}
      subtitle={
        profile &&
        t('users.form.lastChanged', {
          who: profile.updated_by ?? t('users.form.system'),
          when: formatSyncTime(profile.updated_at) ?? '',
        })
      }
      width={720}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      actions={
        <>
          <Button
            onClick={() => {
              setDirty(false);
              onClose();
            }}
          >
            {t('users.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending || isPending}>
            {t('users.common.save')}
          </Button>
        </>
      }
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void handleReload()} />}
      <FormTextField
        control={form.control}
        name="name"
        label={t('users.profiles.name')}
        required
        autoComplete="off"
        sx={{ mb: 3, maxWidth: 420 }}
        fullWidth
      />
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('users.sections.sites')}
      </Typography>
      {isPending ? (
        <PageLoading />
      ) : (
        <SitesPicker
          value={sites}
          onChange={handleSites}
          tree={grants.siteTree}
          grants={grants}
          error={
            errors.sites?.message ??
            errors.sites?.locations?.message ??
            errors.sites?.foodcourts?.message ??
            errors.sites?.restaurants?.message
          }
        />
      )}
    </EditorDrawer>
  );
}
