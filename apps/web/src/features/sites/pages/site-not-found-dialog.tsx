import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../../components/generic-dialog';

/** An edit link (?edit=<id>) naming a site that does not exist or is not the user's. */
export function SiteNotFoundDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <GenericDialog open title={t('sites.errors.notFoundTitle')} onClose={onClose}>
      <Typography>{t('sites.errors.notFound', { id })}</Typography>
    </GenericDialog>
  );
}
