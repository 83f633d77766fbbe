import { useTranslation } from 'react-i18next';

/** The i18n key of a field's label: restaurant.fields.<name>, options keys without their 'options.' prefix. */
export function fieldLabelKey(name: string): string {
  return `restaurant.fields.${name.replace(/^options\./, '').replace(/\./g, '_')}`;
}

export function useFieldLabel(name: string, label?: string): string {
  const { t } = useTranslation();
  return label ?? t(fieldLabelKey(name));
}
