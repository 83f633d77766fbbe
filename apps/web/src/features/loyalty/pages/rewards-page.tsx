import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LoyaltyReward } from '@cd/core';
import { ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { rewardApi, rewardsUrl, useProgramChoices } from '../api';
import { RewardForm } from '../components/reward-form';
import { costText, formatCount, rewardText } from '../format';

/**
 * /loyalty-rewards (page loyalty-rewards; issue 18): what members spend points or full stamp cards on — the
 * program, the cost in its units, what it gives in words, whether it is active and how often it was redeemed;
 * filtered by program; add and edit in a drawer.
 */
export function LoyaltyRewardsPage() {
  const { t } = useTranslation();
  const url = useUrlState(rewardsUrl);
  const { state, update } = url;
  const programs = useProgramChoices();
  const programOf = (r: LoyaltyReward) => programs.data?.find((p) => p.id === r.program_id);
  const filterId = state.program_id && /^\d+$/.test(state.program_id) ? Number(state.program_id) : undefined;

  const columns: ResourceColumn<LoyaltyReward>[] = [
    { id: 'name', header: t('loyalty.rewards.columns.name'), sortable: true, primary: true, cell: (r) => r.name },
    { id: 'program', header: t('loyalty.rewards.columns.program'), cell: (r) => r.program_name },
    {
      id: 'cost',
      header: t('loyalty.rewards.columns.cost'),
      sortable: true,
      cell: (r) => costText(t, r.cost, programOf(r)),
    },
    {
      id: 'reward',
      header: t('loyalty.rewards.columns.reward'),
      cell: (r) => rewardText(t, r.reward, programOf(r), r.item_name),
    },
    {
      id: 'active',
      header: t('loyalty.rewards.columns.active'),
      cell: (r) => (
        <Chip
          size="small"
          color={r.active ? 'success' : 'default'}
          label={t(r.active ? 'loyalty.rewards.yes' : 'loyalty.rewards.no')}
        />
      ),
    },
    {
      id: 'redeemed',
      header: t('loyalty.rewards.columns.redeemed'),
      align: 'right',
      cell: (r) => formatCount(r.redeemed),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('loyalty.rewards.title')}
        intro={t('loyalty.rewards.intro')}
        api={rewardApi}
        url={url}
        columns={columns}
        listLabel={t('loyalty.rewards.listLabel')}
        rowName={(r) => r.name}
        searchLabel={t('loyalty.rewards.search')}
        exportable={false}
        filters={
          <TextField
            select
            size="small"
            label={t('loyalty.rewards.program')}
            value={programs.data?.some((p) => p.id === filterId) ? String(filterId) : ''}
            onChange={(event) => update({ program_id: event.target.value || undefined, page: undefined })}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('resource.filters.all')}</MenuItem>
            {(programs.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        }
        empty={t('loyalty.rewards.empty')}
        createLabel={t('loyalty.rewards.add')}
        deletion={{
          title: (r) => t('loyalty.rewards.deleteTitle', { name: r.name }),
          text: () => t('loyalty.rewards.deleteText'),
        }}
        renderForm={(props) => <RewardForm {...props} programId={filterId} />}
      />
    </Box>
  );
}
