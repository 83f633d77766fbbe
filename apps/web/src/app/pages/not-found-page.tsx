import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** Any address that is not a page of this deployment (pages are reached only by exact paths). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('pages.notFound.title')} text={t('pages.notFound.text')} homeLink />;
}
