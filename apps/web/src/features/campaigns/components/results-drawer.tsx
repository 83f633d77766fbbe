import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CampaignResults } from '@cd/core';
import { DetailDrawer, DetailFacts, DetailTable } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { campaignApi, useCampaignResults, useKnownCampaign } from '../api';
import { formatCount, formatTime } from '../format';
import { StatusChip } from './status-chip';

type Arm = CampaignResults['treatment'];
type Measure = { key: string; label: string; value: (arm: Arm, control: boolean) => string };

/**
 * A campaign's results (`?view=<id>`): the campaign as it was set, then Treatment against Control side by side —
 * members, reached, redeemed, buyers, revenue and revenue per member — the members who could not be reached,
 * and the uplift per member.
 */
export function ResultsDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const known = useKnownCampaign(id);
  const lookup = campaignApi.useOne(id, known);
  const campaign = known ?? lookup.data ?? undefined;
  const results = useCampaignResults(id);
  const money = moneyFormatter();
  const data = results.data;
  const measures: Measure[] = [
    { key: 'members', label: t('campaigns.results.members'), value: (a) => formatCount(a.members) },
    // Nothing is sent to the control group.
    { key: 'reached', label: t('campaigns.results.reached'), value: (a, c) => (c ? '—' : formatCount(a.reached)) },
    { key: 'redeemed', label: t('campaigns.results.redeemed'), value: (a) => formatCount(a.redeemed) },
    { key: 'buyers', label: t('campaigns.results.buyers'), value: (a) => formatCount(a.buyers) },
    { key: 'revenue', label: t('campaigns.results.revenue'), value: (a) => money(a.revenue) },
    {
      key: 'revenue_per_member',
      label: t('campaigns.results.revenuePerMember'),
      value: (a) => money(a.revenue_per_member),
    },
  ];
  const loading = results.isLoading || (!campaign && lookup.isLoading);
  const error = results.isError
    ? describeError(results.error, i18n)
    : lookup.isError
      ? describeError(lookup.error, i18n)
      : undefined;

  return (
    <DetailDrawer
      title={t('campaigns.results.title', { name: campaign?.name ?? id })}
      subtitle={campaign && <StatusChip status={campaign.status} />}
      onClose={onClose}
      loading={loading}
      error={error}
      onRetry={() => void results.refetch()}
      width={760}
    >
      {campaign && (
        <DetailFacts
          label={t('campaigns.results.campaign')}
          facts={[
            [t('campaigns.columns.channel'), t(`campaigns.channel.${campaign.channel}`)],
            [t('campaigns.columns.group'), campaign.group_name],
            [t('campaigns.columns.offer'), campaign.offer_name ?? t('campaigns.none')],
            [t('campaigns.columns.sendAt'), campaign.send_at ? formatTime(campaign.send_at) : t('campaigns.draft')],
            [t('campaigns.form.controlPct'), `${campaign.control_pct}%`],
            ...(campaign.subject ? [[t('campaigns.form.subject'), campaign.subject] as [string, string]] : []),
            [t('campaigns.form.message'), campaign.message],
          ]}
        />
      )}
      {data && (
        <>
          {!data.sent_at && <Alert severity="info">{t('campaigns.results.notSent')}</Alert>}
          <DetailTable
            title={t('campaigns.results.tableTitle')}
            rows={measures}
            rowKey={(m) => m.key}
            empty=""
            columns={[
              { header: t('campaigns.results.measure'), cell: (m) => m.label },
              { header: t('campaigns.results.treatment'), align: 'right', cell: (m) => m.value(data.treatment, false) },
              { header: t('campaigns.results.control'), align: 'right', cell: (m) => m.value(data.control, true) },
            ]}
          />
          <DetailFacts
            label={t('campaigns.results.summary')}
            facts={[
              ...(data.sent_at ? [[t('campaigns.results.sentAt'), formatTime(data.sent_at)] as [string, string]] : []),
              [t('campaigns.results.unreachable'), formatCount(data.unreachable)],
              [
                t('campaigns.results.uplift'),
                <Chip
                  key="uplift"
                  size="small"
                  variant="outlined"
                  color={data.uplift_per_member > 0 ? 'success' : data.uplift_per_member < 0 ? 'error' : 'default'}
                  label={`${data.uplift_per_member > 0 ? '+' : data.uplift_per_member < 0 ? '−' : ''}${money(Math.abs(data.uplift_per_member))}`}
                />,
              ],
            ]}
          />
        </>
      )}
    </DetailDrawer>
  );
}
