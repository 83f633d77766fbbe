import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { ProfileDialogs, ProfileTable, useProfileUrlState } from '../../users';
import { siteProfileApi, type SiteProfile } from '../api';
import { SiteProfileEditor } from './site-profile-editor';

/** /siteprofile: named sets of locations, food courts and restaurants, picked from the editor's sites, applied to users. */
export function SiteProfilesPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useProfileUrlState();
  const list = siteProfileApi.useList();
  const profiles = list.data ?? [];
  const current = profiles.find((p) => p.id === state.profile);
  const close = () => update({ profile: undefined, action: undefined, dialog: undefined });

  const summary = (p: SiteProfile) =>
    t('users.sites.summary', {
      locations: p.sites.locations.length,
      foodcourts: p.sites.foodcourts.length,
      restaurants: p.sites.restaurants.length,
    });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('siteProfiles.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => update({ action: 'new', profile: undefined })}
        >
          {t('siteProfiles.create')}
        </Button>
      </Box>
      {list.isError && <Alert severity="error">{describeError(list.error, i18n)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <ProfileTable
          label={t('siteProfiles.title')}
          profiles={profiles}
          summaryHeading={t('siteProfiles.gives')}
          summary={summary}
          selected={state.profile}
          onOpen={(id) => update({ profile: id, action: undefined, dialog: undefined })}
          onApply={(id) => update({ profile: id, dialog: 'apply' })}
          onDelete={(id) => update({ profile: id, dialog: 'delete' })}
        />
      )}
      {state.action === 'new' && !state.profile && <SiteProfileEditor onClose={close} />}
      {current && !state.dialog && (
        <SiteProfileEditor
          key={current.id}
          profile={current}
          onClose={close}
          onReload={async () => (await list.refetch()).data?.find((p) => p.id === current.id)}
        />
      )}
      {current && state.dialog && (
        <ProfileDialogs
          api={siteProfileApi}
          profile={current}
          dialog={state.dialog}
          applyExplanation={t('siteProfiles.applyExplanation')}
          onClose={close}
        />
      )}
      {!list.isPending && state.profile !== undefined && !current && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('users.profiles.notFound')}
        </Alert>
      )}
    </Box>
  );
}
