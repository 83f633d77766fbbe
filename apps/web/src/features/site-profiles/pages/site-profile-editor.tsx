import Typography from '@mui/material/Typography';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { siteProfileBody, type UserSites } from '@cd/core';
import type { FormRenderProps } from '../../../components/resource';
import { EMPTY_SITES, ProfileEditor, SitesPicker, type EditorGrants } from '../../users';
import { siteProfileApi, type SiteProfile } from '../api';

const toValues = (p?: SiteProfile) => ({
  name: p?.name ?? '',
  sites: p
    ? { locations: [...p.sites.locations], foodcourts: [...p.sites.foodcourts], restaurants: [...p.sites.restaurants] }
    : EMPTY_SITES,
});

/** Name and sites (the editor's own, as a tri-state tree) of one site profile. */
export function SiteProfileEditor(props: FormRenderProps<SiteProfile>) {
  const { t } = useTranslation();
  return (
    <ProfileEditor
      {...props}
      api={siteProfileApi}
      width={720}
      title={props.row ? t('siteProfiles.editTitle', { name: props.row.name }) : t('siteProfiles.createTitle')}
      schema={siteProfileBody}
      toValues={toValues}
    >
      {(form, grants) => (
        <>
          <Typography variant="h6" component="h3">
            {t('users.sections.sites')}
          </Typography>
          <SitesField form={form} grants={grants} />
        </>
      )}
    </ProfileEditor>
  );
}

type FieldsProps = {
  form: UseFormReturn<z.input<typeof siteProfileBody>, unknown, z.output<typeof siteProfileBody>>;
  grants: EditorGrants;
};

function SitesField({ form, grants }: FieldsProps) {
  const sites = useWatch({ control: form.control, name: 'sites' }) as UserSites;
  const errors = form.formState.errors.sites;
  return (
    <SitesPicker
      value={sites}
      onChange={(next) =>
        form.setValue('sites', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
      }
      tree={grants.siteTree}
      grants={grants}
      error={
        errors?.message ?? errors?.locations?.message ?? errors?.foodcourts?.message ?? errors?.restaurants?.message
      }
    />
  );
}
