import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

type Props = { message: string; onReload: () => void };

/**
 * Someone else saved the restaurant since it was opened (409 versionConflict): nothing was overwritten. Reload
 * takes the stored copy into the form (dropping the edits on screen); otherwise the edits stay.
 */
export function ConflictAlert({ message, onReload }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {t('restaurant.conflict.reload')}
        </Button>
      }
    >
      <AlertTitle>{t('restaurant.conflict.title')}</AlertTitle>
      {message}
    </Alert>
  );
}
