import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import type { Offer } from '@cd/core';
import { GenericDialog } from '../../../components/generic-dialog';
import { DetailFacts, DetailTable } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useOfferResults } from '../api';
import { formatDay } from '../format';

/** An offer's results (`?dialog=results&edit=<id>`): uses, customers, discount given, revenue, budget left, by day. */
export function ResultsDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const results = useOfferResults(offer.id);
  const money = moneyFormatter();
  const r = results.data;
  return (
    <GenericDialog open title={t('offers.results.title', { name: offer.name })} onClose={onClose} maxWidth="md">
      {results.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label={t('resource.loading')} />
        </Box>
      )}
      {results.isError && <Alert severity="error">{describeError(results.error, i18n)}</Alert>}
      {r && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <DetailFacts
            label={t('offers.results.facts')}
            facts={[
              [t('offers.results.uses'), r.uses],
              [t('offers.results.customers'), r.customers],
              [t('offers.results.discount'), money(r.discount)],
              [t('offers.results.revenue'), money(r.revenue)],
              [
                t('offers.results.budgetLeft'),
                r.budget_left === null ? t('offers.results.noBudget') : money(r.budget_left),
              ],
            ]}
          />
          <DetailTable
            title={t('offers.results.byDay')}
            rows={r.by_day}
            rowKey={(d) => d.date}
            empty={t('offers.results.none')}
            columns={[
              { header: t('offers.results.date'), cell: (d) => formatDay(d.date) },
              { header: t('offers.results.uses'), cell: (d) => d.uses, align: 'right' },
              { header: t('offers.results.discount'), cell: (d) => money(d.discount), align: 'right' },
            ]}
          />
        </Box>
      )}
    </GenericDialog>
  );
}
