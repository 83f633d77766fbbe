import { useTranslation } from 'react-i18next';
import { MessagePage } from './message-page';

/** A page the user does not hold (spec 000 §2.3): it is never shown, whatever the address. */
export function NotAllowedPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('pages.notAllowed.title')} text={t('pages.notAllowed.text')} homeLink />;
}
