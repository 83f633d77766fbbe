import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components';
import { describeError } from '../../../lib/server-message';
import { ProfileDialogs, ProfileTable, useProfileUrlState } from '../../users';
import { permissionProfileApi, type PermissionProfile } from '../api';
import { PermissionProfileEditor } from './permission-profile-editor';

/** /permission-profile: named permission sets, edited with the user form's permission editor, applied to users. */
export function PermissionProfilesPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useProfileUrlState();
  const list = permissionProfileApi.useList();
  const profiles = list.data ?? [];
  const current = profiles.find((p) => p.id === state.profile);
  const close = () => update({ profile: undefined, action: undefined, dialog: undefined });

  const summary = (p: PermissionProfile) =>
    p.admin
      ? t('permissionProfiles.summaryAdmin', { count: p.pagepermissionaccess.length })
      : t('permissionProfiles.summary', { count: p.pagepermissionaccess.length });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('permissionProfiles.title')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => update({ action: 'new', profile: undefined })}
        >
          {t('permissionProfiles.create')}
        </Button>
      </Box>
      {list.isError && <Alert severity="error">{describeError(list.error, i18n)}</Alert>}
      {list.isPending ? (
        <PageLoading />
      ) : (
        <ProfileTable
          label={t('permissionProfiles.title')}
          profiles={profiles}
          summaryHeading={t('permissionProfiles.gives')}
          summary={summary}
          selected={state.profile}
          onOpen={(id) => update({ profile: id, action: undefined, dialog: undefined })}
          onApply={(id) => update({ profile: id, dialog: 'apply' })}
          onDelete={(id) => update({ profile: id, dialog: 'delete' })}
        />
      )}
      {state.action === 'new' && !state.profile && <PermissionProfileEditor onClose={close} />}
      {current && !state.dialog && (
        <PermissionProfileEditor
          key={current.id}
          profile={current}
          onClose={close}
          onReload={async () => (await list.refetch()).data?.find((p) => p.id === current.id)}
        />
      )}
      {current && state.dialog && (
        <ProfileDialogs
          api={permissionProfileApi}
          profile={current}
          dialog={state.dialog}
          applyExplanation={t('permissionProfiles.applyExplanation')}
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
