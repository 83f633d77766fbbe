import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** A navigation entry whose page is not built yet: its name and a plain note, no made-up content. */
export function NotAvailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return <MessagePage title={title} text={t('pages.notAvailable.text')} />;
}
