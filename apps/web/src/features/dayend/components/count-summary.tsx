import { useTranslation } from 'react-i18next';
import type { DayEnd } from '@cd/core';
import { DetailTable } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { Difference } from './difference';

/** What was counted at close, per tender, against what was expected. */
export function CountSummary({ day }: { day: DayEnd }) {
  const { t } = useTranslation();
  const money = moneyFormatter(day.totals.currency);
  return (
    <DetailTable
      title={t('dayend.count.atClose')}
      rows={day.count ?? []}
      rowKey={(r) => r.tender}
      empty={t('dayend.count.nothing')}
      columns={[
        { header: t('dayend.count.tender'), cell: (r) => t(`dayend.tender.${r.tender}`, { defaultValue: r.tender }) },
        { header: t('dayend.count.expected'), cell: (r) => money(r.expected), align: 'right' },
        { header: t('dayend.count.counted'), cell: (r) => money(r.counted), align: 'right' },
        {
          header: t('dayend.count.difference'),
          cell: (r) => <Difference value={r.difference} money={money} />,
          align: 'right',
        },
      ]}
    />
  );
}
