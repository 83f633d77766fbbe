import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

type Props = { message: string; onReload: () => void };

/**
 * Someone else saved the record since it was loaded (409 versionConflict): nothing is overwritten; the message
 * says who saved and when, the user's edits stay on screen, and Reload takes the saved copy instead.
 */
export function ConflictAlert({ message, onReload }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {t('resource.conflict.reload')}
        </Button>
      }
    >
      <AlertTitle>{t('resource.conflict.title')}</AlertTitle>
      {message}
    </Alert>
  );
}
