import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { usePushSettings } from '../api';
import { FoodcourtSelect } from '../components/foodcourt-select';
import { RulesForm } from '../components/rules-form';
import { TestPush } from '../components/test-push';
import { pushSettingsUrl } from '../url';

/**
 * /push-setting (page push-setting; spec 000 §2.3, issue 16): per food court, which order events go to which
 * channels and device types and for which order push types (001 §3.2), saved with the version loaded; and a
 * test push to one of its enabled devices, shown delivered when the device's event says so.
 */
export function PushSettingsPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(pushSettingsUrl);
  const foodcourt = state.foodcourt;
  const settings = usePushSettings(foodcourt);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('pushSettings.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('pushSettings.intro')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <FoodcourtSelect value={foodcourt} onChange={(next) => update({ foodcourt: next })} />
      </Box>
      {!foodcourt && <Typography color="text.secondary">{t('pushSettings.pickFoodcourt')}</Typography>}
      {settings.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('resource.retry')}
            </Button>
          }
        >
          {describeError(settings.error, i18n)}
        </Alert>
      )}
      {foodcourt && settings.isPending && <PageLoading />}
      {foodcourt && settings.data && (
        <>
          <RulesForm key={foodcourt} loaded={settings.data} reload={async () => (await settings.refetch()).data} />
          <TestPush key={`test:${foodcourt}`} foodcourt={foodcourt} />
        </>
      )}
    </Box>
  );
}
