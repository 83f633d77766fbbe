import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { fromMilli, toMilli, type SapPreviewAnswer } from '@cd/core';
import { DetailFacts } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { DayStateChip } from './day-state-chip';

/** Whether a posting can go: debits equal credits, and every line has a rule. */
export function previewReady(preview: SapPreviewAnswer) {
  const balanced = toMilli(preview.debit) === toMilli(preview.credit);
  return { balanced, matched: preview.unmatched === 0, ready: balanced && preview.unmatched === 0 };
}

/** The posting at a glance: the day's state, lines, documents, debit and credit totals, balance and unmatched lines. */
export function PreviewSummary({ preview }: { preview: SapPreviewAnswer }) {
  const { t } = useTranslation();
  const money = moneyFormatter(preview.currency);
  const { balanced } = previewReady(preview);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <DetailFacts
        label={t('sap.preview.summary')}
        facts={[
          [t('dayend.history.state'), <DayStateChip key="state" state={preview.state} />],
          [t('sap.preview.lineCount'), `${preview.lines.length}`],
          [t('sap.preview.debitTotal'), money(preview.debit)],
          [t('sap.preview.creditTotal'), money(preview.credit)],
          [t('sap.preview.documents'), `${preview.documents}`],
          [t('sap.preview.unmatched'), `${preview.unmatched}`],
        ]}
      />
      {balanced ? (
        <Alert severity="success">{t('sap.preview.balanced')}</Alert>
      ) : (
        <Alert severity="error">
          {t('sap.preview.unbalanced', {
            difference: money(fromMilli(Math.abs(toMilli(preview.debit) - toMilli(preview.credit)))),
          })}
        </Alert>
      )}
      {preview.unmatched > 0 && (
        <Alert severity="warning">{t('sap.preview.unmatchedText', { count: preview.unmatched })}</Alert>
      )}
    </Box>
  );
}
