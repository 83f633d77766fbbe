import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { APP_LANG } from './config';

/**
 * One English resource: the base file (sign-in, errors) at start, and the area files (locales/en/<area>.json, one
 * chunk: lib/area-strings.ts) added when the signed-in app loads, so the sign-in page does not carry every page's
 * strings. Each area file owns its top-level keys.
 */
let areasLoaded: Promise<void> | undefined;

/** Adds every area's strings; call before rendering signed-in pages (the shell's loader does). */
export function loadAreaStrings(): Promise<void> {
  areasLoaded ??= import('./area-strings').then(({ areaStrings }) => {
    const seen = new Set(Object.keys(en));
    for (const [file, resource] of Object.entries(areaStrings)) {
      for (const key of Object.keys(resource)) {
        if (seen.has(key)) throw new Error(`i18n: top-level key "${key}" of ${file} is already defined`);
        seen.add(key);
      }
      i18n.addResourceBundle(APP_LANG, 'translation', resource, true, false);
    }
  });
  return areasLoaded;
}

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
