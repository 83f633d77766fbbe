import type { i18n as I18n } from 'i18next';

const MAX_TEXT = 120;

/** The field's name inside its column: `details.calories` → `calories`, `body.list` → `list`. */
const fieldKey = (field: string) => field.slice(field.lastIndexOf('.') + 1);

/** `short_name` → "Short name", `minQuantity` → "Min quantity": the fallback for fields without a label. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The field in words (menuHistory.fields.<key>, else the key made readable), never the raw key. */
export function fieldLabel(field: string, i18n: I18n): string {
  const key = `menuHistory.fields.${fieldKey(field)}`;
  return i18n.exists(key) ? i18n.t(key) : humanize(fieldKey(field));
}

/** A value in words: empty, yes / no, lists joined, objects as "name: value" pairs; long text cut. */
export function valueText(value: unknown, i18n: I18n): string {
  const text = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return i18n.t('menuHistory.empty');
    if (typeof v === 'boolean') return i18n.t(v ? 'menuHistory.yes' : 'menuHistory.no');
    if (typeof v === 'number' || typeof v === 'string') return String(v);
    if (Array.isArray(v)) return v.length ? v.map(text).join(', ') : i18n.t('menuHistory.none');
    if (typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      return entries.length ? entries.map(([k, x]) => `${k}: ${text(x)}`).join('; ') : i18n.t('menuHistory.none');
    }
    return String(v);
  };
  const out = text(value);
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT - 1)}…` : out;
}
