import { useTranslation } from 'react-i18next';
import { ProfileListPage } from '../../users';
import { siteProfileApi } from '../api';
import { SiteProfileEditor } from './site-profile-editor';

/** /siteprofile: named sets of sites (organizations, food courts, restaurants), applied to users. */
export function SiteProfilesPage() {
  const { t } = useTranslation();
  return (
    <ProfileListPage
      api={siteProfileApi}
      title={t('siteProfiles.title')}
      createLabel={t('siteProfiles.create')}
      summaryHeading={t('siteProfiles.gives')}
      summary={(p) =>
        t('users.sites.summary', {
          locations: p.sites.locations.length,
          foodcourts: p.sites.foodcourts.length,
          restaurants: p.sites.restaurants.length,
        })
      }
      applyExplanation={t('siteProfiles.applyExplanation')}
      renderForm={(props) => <SiteProfileEditor {...props} />}
    />
  );
}
