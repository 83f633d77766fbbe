import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DayTotals } from '@cd/core';
import { DetailFacts, DetailTable } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';

/** The Z report of the day: orders, sales, discounts, refunds, tax, charges and what each tender took. */
export function ZTotals({ totals }: { totals: DayTotals }) {
  const { t } = useTranslation();
  const money = moneyFormatter(totals.currency);
  const facts: [string, string][] = [
    [t('dayend.totals.orders'), `${totals.orders}`],
    [t('dayend.totals.cancelled'), `${totals.cancelled}`],
    [t('dayend.totals.items'), `${totals.items}`],
    [t('dayend.totals.gross'), money(totals.gross)],
    [t('dayend.totals.discount'), money(totals.discount)],
    [t('dayend.totals.refunds'), money(totals.refunds)],
    [t('dayend.totals.net'), money(totals.net)],
    [t('dayend.totals.tax'), money(totals.tax)],
    [t('dayend.totals.charges'), money(totals.charges)],
    [t('dayend.totals.total'), money(totals.total)],
  ];
  return (
    <Box
      component="section"
      aria-labelledby="dayend-z"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Typography id="dayend-z" variant="h6" component="h3">
        {t('dayend.totals.title')}
      </Typography>
      <DetailFacts label={t('dayend.totals.title')} facts={facts} />
      <DetailTable
        title={t('dayend.totals.tenders')}
        rows={totals.tenders}
        rowKey={(r) => r.tender}
        empty={t('dayend.totals.noTenders')}
        columns={[
          { header: t('dayend.count.tender'), cell: (r) => t(`dayend.tender.${r.tender}`, { defaultValue: r.tender }) },
          { header: t('dayend.totals.payments'), cell: (r) => r.payments, align: 'right' },
          { header: t('dayend.totals.amount'), cell: (r) => money(r.amount), align: 'right' },
        ]}
      />
    </Box>
  );
}
