import { CancelScheduleSend as CancelScheduleSendIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_PAGE_SIZE, CAMPAIGN_STATUSES, type Campaign } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { campaignApi, campaignsUrl, isEditable } from '../api';
import { CampaignForm } from '../components/campaign-form';
import { CancelCampaignDialog } from '../components/cancel-dialog';
import { ResultsDrawer } from '../components/results-drawer';
import { StatusChip } from '../components/status-chip';
import { formatCount, formatTime } from '../format';

/**
 * /campaign (page campaign; issue 17): push, e-mail and SMS campaigns to a customer group, 10 a page (spec 001
 * §9), by status; draft and scheduled ones are edited, a scheduled one cancelled; each one's results — the
 * treated members against the control group — at `?view=<id>`.
 */
export function CampaignsPage() {
  const { t } = useTranslation();
  const url = useUrlState(campaignsUrl);
  const { state, update } = url;
  const columns: ResourceColumn<Campaign>[] = [
    { id: 'name', header: t('campaigns.columns.name'), sortable: true, primary: true, cell: (c) => c.name },
    { id: 'channel', header: t('campaigns.columns.channel'), cell: (c) => t(`campaigns.channel.${c.channel}`) },
    { id: 'group', header: t('campaigns.columns.group'), cell: (c) => c.group_name },
    { id: 'offer', header: t('campaigns.columns.offer'), cell: (c) => c.offer_name ?? t('campaigns.none') },
    {
      id: 'send_at',
      header: t('campaigns.columns.sendAt'),
      sortable: true,
      cell: (c) => (c.send_at ? formatTime(c.send_at) : t('campaigns.none')),
    },
    {
      id: 'status',
      header: t('campaigns.columns.status'),
      sortable: true,
      cell: (c) => <StatusChip status={c.status} />,
    },
    { id: 'reached', header: t('campaigns.columns.reached'), align: 'right', cell: (c) => formatCount(c.reached) },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('campaigns.title')}
        intro={t('campaigns.intro')}
        api={campaignApi}
        url={url}
        pageSizes={[CAMPAIGN_PAGE_SIZE]}
        columns={columns}
        listLabel={t('campaigns.listLabel')}
        rowName={(c) => c.name}
        searchLabel={t('campaigns.search')}
        filters={
          <ChoiceFilter
            label={t('campaigns.columns.status')}
            value={state.status}
            values={CAMPAIGN_STATUSES}
            name={(status) => t(`campaigns.status.${status}`)}
            onChange={(status) => update({ status, page: undefined })}
          />
        }
        empty={t('campaigns.empty')}
        exportable={false}
        createLabel={t('campaigns.add')}
        canEdit={isEditable}
        detail={{
          label: (c) => t('campaigns.results.open', { name: c.name }),
          render: (props) => <ResultsDrawer {...props} />,
        }}
        rowActions={(c, open) =>
          c.status === 'scheduled' && (
            <Tooltip title={t('campaigns.cancel.open', { name: c.name })}>
              <IconButton
                size="small"
                aria-label={t('campaigns.cancel.open', { name: c.name })}
                onClick={() => open('cancel')}
              >
                <CancelScheduleSendIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        }
        renderDialog={({ row, dialog, onClose }) =>
          dialog === 'cancel' && row.status === 'scheduled' ? (
            <CancelCampaignDialog campaign={row} onClose={onClose} />
          ) : null
        }
        deletion={{
          blockedBecause: (c) => (c.status === 'sending' ? t('campaigns.cannotDeleteSending') : ''),
          title: (c) => t('campaigns.deleteTitle', { name: c.name }),
          text: () => t('campaigns.deleteText'),
        }}
        renderForm={(props) => <CampaignForm {...props} />}
      />
    </Box>
  );
}
