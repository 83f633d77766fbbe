import { useTranslation } from 'react-i18next';
import type { AssignAnswer } from '../api';

/** "3 assigned, 1 moved from Mains" in the user's language. */
export function useAssignSummary() {
  const { t } = useTranslation();
  return (answer: AssignAnswer) =>
    [
      t('classifications.assign.assigned', { count: answer.assigned }),
      ...answer.moved.map((m) => t('classifications.assign.moved', { count: m.count, name: m.name })),
      ...(answer.unchanged > 0 ? [t('classifications.assign.unchanged', { count: answer.unchanged })] : []),
    ].join(', ');
}
