import { useTranslation } from 'react-i18next';
import { ProfileListPage } from '../../users';
import { permissionProfileApi } from '../api';
import { PermissionProfileEditor } from './permission-profile-editor';

/** /permission-profile: named permission sets, edited with the user form's permission editor, applied to users. */
export function PermissionProfilesPage() {
  const { t } = useTranslation();
  return (
    <ProfileListPage
      api={permissionProfileApi}
      title={t('permissionProfiles.title')}
      createLabel={t('permissionProfiles.create')}
      summaryHeading={t('permissionProfiles.gives')}
      summary={(p) =>
        t(p.admin ? 'permissionProfiles.summaryAdmin' : 'permissionProfiles.summary', {
          count: p.pagepermissionaccess.length,
        })
      }
      applyExplanation={t('permissionProfiles.applyExplanation')}
      renderForm={(props) => <PermissionProfileEditor {...props} />}
    />
  );
}
