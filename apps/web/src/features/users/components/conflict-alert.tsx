import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

type Props = { message: string; onReload: () => void };

/**
 * Someone else saved the record since it was loaded (409 versionConflict): nothing is overwritten; the user
 * may reload the saved copy (losing their edits) or keep their edits on screen.
 */
export function ConflictAlert({ message, onReload }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {t('users.conflict.reload')}
        </Button>
      }
    >
      <AlertTitle>{t('users.conflict.title')}</AlertTitle>
      {message}
    </Alert>
  );
}
