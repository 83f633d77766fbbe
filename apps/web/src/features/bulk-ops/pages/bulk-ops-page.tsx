import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useStartJob, type StartRequest } from '../api';
import { DownloadSection } from '../components/download-section';
import { EraseSection } from '../components/erase-section';
import { TaxSubsidySection } from '../components/tax-subsidy-section';
import { UploadSection } from '../components/upload-section';
import { BULK_NUTRITION_UPLOAD, ERASE_MENU, TAXATION } from '../permissions';
import { useBulkOpsUser } from '../restaurants';

/**
 * /bulkops and /bulk_operations (spec 000 §2.3, §3): download restaurants' menus as Excel, upload an edited
 * workbook, upload nutrition, erase a menu. Each starts a background job; the background-tasks panel follows it.
 */
export function BulkOpsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const { pathname } = useLocation();
  const { choices, holds } = useBulkOpsUser();
  const startJob = useStartJob();

  const start = (request: StartRequest, done?: () => void) =>
    startJob.mutate(request, {
      onSuccess: () => {
        done?.();
        notify({ severity: 'success', message: t('bulkOps.started') });
      },
      onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
    });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t(pathname === '/bulk_operations' ? 'nav.bulkOperations' : 'nav.bulkops')}
      </Typography>
      <DownloadSection choices={choices} starting={startJob.isPending} onStart={start} />
      <UploadSection
        choices={choices}

        nutrition={holds(BULK_NUTRITION_UPLOAD)}
        starting={startJob.isPending}
        onStart={start}
      />
      <TaxSubsidySection choices={choices} taxation={holds(TAXATION)} />
      {holds(ERASE_MENU) && <EraseSection choices={choices} starting={startJob.isPending} onStart={start} />}
    </Box>
  );
}
