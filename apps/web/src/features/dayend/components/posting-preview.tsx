import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SapPreviewAnswer, SapPreviewLine } from '@cd/core';
import { DetailTable } from '../../../components/resource';
import { PageLoading } from '../../../components/page-loading';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { usePreview } from '../sap-api';
import { yesterday } from '../format';
import { dayUrl, PREVIEW_PREFIX } from '../url';
import { DayChooser } from './day-chooser';
import { PreviewSummary } from './preview-summary';

/** The accounts a line took, or a clear mark that no rule matches it. */
function Accounts({ line }: { line: SapPreviewLine }) {
  const { t } = useTranslation();
  if (line.rule_id === null) return <Chip size="small" color="error" label={t('sap.preview.noRule')} />;
  const parts = [line.gl_account, line.cost_center, line.profit_center, line.tax_code].filter(Boolean);
  return (
    <span>
      {parts.join(' · ')}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {t('sap.preview.rule', { id: line.rule_id })}
      </Typography>
    </span>
  );
}

export function PreviewLines({ preview }: { preview: SapPreviewAnswer }) {
  const { t } = useTranslation();
  const money = moneyFormatter(preview.currency);
  const amount = (line: SapPreviewLine, side: 'debit' | 'credit') => (line.side === side ? money(line.amount) : '');
  return (
    <DetailTable
      title={t('sap.preview.lines')}
      rows={preview.lines}
      rowKey={(l) => `${l.kind}:${l.text}:${l.side}:${l.tender}:${l.category}:${l.tax_rate}:${l.channel}`}
      selected={(l) => l.rule_id === null}
      empty={t('sap.preview.noLines')}
      columns={[
        { header: t('sap.rules.kind'), cell: (l) => t(`sap.kind.${l.kind}`) },
        { header: t('sap.preview.text'), cell: (l) => l.text },
        { header: t('sap.preview.debit'), cell: (l) => amount(l, 'debit'), align: 'right' },
        { header: t('sap.preview.credit'), cell: (l) => amount(l, 'credit'), align: 'right' },
        { header: t('sap.preview.accounts'), cell: (l) => <Accounts line={l} /> },
      ]}
    />
  );
}

/**
 * /sap-inflow's preview: a restaurant and business date (`?preview_restaurant=&preview_date=`), every line the
 * posting of that day would have with the rule it takes ("No rule" when none), the totals that must balance and
 * how many lines no rule matches.
 */
export function PostingPreview() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(dayUrl, { prefix: PREVIEW_PREFIX });
  const date = state.date ?? yesterday();
  const ref = state.restaurant ? { restaurant: state.restaurant, business_date: date } : null;
  const preview = usePreview(ref);
  return (
    <Box
      component="section"
      aria-labelledby="sap-preview"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, mt: 4 }}
    >
      <Typography id="sap-preview" variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {t('sap.preview.title')}
      </Typography>
      <Typography color="text.secondary">{t('sap.preview.intro')}</Typography>
      <DayChooser
        restaurant={state.restaurant}
        date={date}
        onChange={(patch) => update(patch.date ? { date: patch.date } : { restaurant: patch.restaurant })}
      />
      {!ref && <Typography color="text.secondary">{t('dayend.pickRestaurant')}</Typography>}
      {preview.isError && <Alert severity="error">{describeError(preview.error, i18n)}</Alert>}
      {ref && preview.isPending && <PageLoading />}
      {preview.data && (
        <>
          <PreviewSummary preview={preview.data} />
          <PreviewLines preview={preview.data} />
        </>
      )}
    </Box>
  );
}
