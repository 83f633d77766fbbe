import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ORDER_CHANNELS, ORDER_TYPES, REPORT_COMPARISONS } from '@cd/core';
import { ChoiceFilter, DateRangeFilter, SiteFilter } from '../../../components/resource';
import type { UrlPatch } from '../../../lib/url-state';
import { REPORT_SESSIONS, type RunnerState, type runnerUrl } from '../url';

type Props = {
  state: RunnerState;
  period: { from: string; to: string };
  onChange: (patch: UrlPatch<typeof runnerUrl>) => void;
};

/** The runner's filters (sites, business dates, session, channel, order type) and the comparison. */
export function ReportFilters({ state, period, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <DateRangeFilter from={period.from} to={period.to} onChange={onChange} />
      <SiteFilter foodcourt={state.foodcourt} restaurant={state.restaurant} onChange={onChange} />
      <ChoiceFilter
        label={t('reports.filters.session')}
        value={state.session}
        values={REPORT_SESSIONS}
        name={(v) => (v === 'none' ? t('reports.filters.noSession') : v)}
        onChange={(session) => onChange({ session })}
      />
      <ChoiceFilter
        label={t('reports.filters.channel')}
        value={state.channel}
        values={ORDER_CHANNELS}
        name={(v) => t(`reports.channel.${v}`)}
        onChange={(channel) => onChange({ channel })}
      />
      <ChoiceFilter
        label={t('reports.filters.orderType')}
        value={state.order_type}
        values={ORDER_TYPES}
        name={(v) => t(`reports.orderType.${v}`)}
        onChange={(order_type) => onChange({ order_type })}
        minWidth={160}
      />
      <TextField
        select
        size="small"
        label={t('reports.filters.compare')}
        value={state.compare}
        onChange={(event) => onChange({ compare: event.target.value as RunnerState['compare'] })}
        sx={{ minWidth: 200 }}
      >
        {REPORT_COMPARISONS.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`reports.compare.${c}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
