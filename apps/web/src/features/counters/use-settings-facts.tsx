import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CounterSettings } from '@cd/core';

/** A counter's settings as label/value pairs for a detail (words, not codes). */
export function useSettingsFacts() {
  const { t } = useTranslation();
  const list = (values: string[], key: string) =>
    values.length ? values.map((v) => t(`counters.${key}.${v}`, { defaultValue: v })).join(', ') : t('counters.none');
  return (settings: CounterSettings): [string, ReactNode][] => [
    [t('counters.settings.mode'), t(`counters.mode.${settings.mode}`)],
    [t('counters.settings.cloudCard'), t(`counters.cloudCard.${settings.cloud_card}`)],
    [t('counters.settings.optionTypes'), list(settings.option_types, 'optionType')],
    [t('counters.settings.channels'), list(settings.channels, 'channel')],
    [
      t('counters.settings.customInputs'),
      settings.custom_inputs.length
        ? settings.custom_inputs.map((input) => `${input.label} (${t(`counters.inputType.${input.type}`)})`).join(', ')
        : t('counters.none'),
    ],
  ];
}
