import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { APP_LANG } from './config';

// Only English is supported (spec 000 §1); resources are bundled, so initialisation is synchronous.
void i18n.use(initReactI18next).init({
  lng: APP_LANG,
  fallbackLng: APP_LANG,
  resources: { [APP_LANG]: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

export { i18n };
