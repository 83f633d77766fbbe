import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { APP_LANG } from './config';

/**
 * One English resource, assembled from the base file and one file per area (locales/en/<area>.json), so
 * areas add their strings without editing a shared file. Each area file owns its top-level keys.
 */
const areas = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });

function assemble(): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...en };
  for (const [file, resource] of Object.entries(areas)) {
    for (const [key, value] of Object.entries(resource)) {
      if (key in merged) throw new Error(`i18n: top-level key "${key}" of ${file} is already defined`);
      merged[key] = value;
    }
  }
  return merged;
}

// Only English is supported (spec 000 §1); resources are bundled, so initialisation is synchronous.
void i18n.use(initReactI18next).init({
  lng: APP_LANG,
  fallbackLng: APP_LANG,
  resources: { [APP_LANG]: { translation: assemble() } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

export { i18n };
