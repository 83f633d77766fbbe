import { useTranslation } from 'react-i18next';
import { ALL_DAY } from '@cd/core';

/** A session as people say it: all_day is "All day", the others are the restaurant's own names. */
export function useSessionName() {
  const { t } = useTranslation();
  return (session: string) => (session === ALL_DAY ? t('productionPlanning.allDay') : session);
}
