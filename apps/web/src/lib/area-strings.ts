/**
 * Every area's strings (locales/en/<area>.json), in one chunk: lib/i18n.ts loads it with the signed-in app. One
 * request instead of one per area (they came one after another and held up every cold start); all of them are
 * ~15 KB gzipped, less than a round trip costs.
 */
export const areaStrings = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
