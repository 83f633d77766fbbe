import Button from '@mui/material/Button';
import { OpenInNew as OpenInNewIcon } from '../../components/icons';
import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** The address of an entry that opens another site, typed by hand: a link to that site. */
export function ExternalPage({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage title={title} text={t('pages.external.text')}>
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        variant="contained"
        endIcon={<OpenInNewIcon />}
        sx={{ mt: 3 }}
      >
        {t('pages.external.open', { name: title })}
      </Button>
    </MessagePage>
  );
}
