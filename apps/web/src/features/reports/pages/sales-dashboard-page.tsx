import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LocationNode } from '@cd/core';
import { formatIsoDate } from '../../../components/date-values';
import { SiteFilter } from '../../../components/resource';
import { useLoginState } from '../../../lib/login-state';
import { describeError } from '../../../lib/server-message';
import { defineUrlState, param, useUrlState } from '../../../lib/url-state';
import { useDashboard } from '../api';
import { DashboardCards } from '../components/dashboard-cards';
import { DashboardHourChart } from '../components/dashboard-hour-chart';
import { DashboardTables } from '../components/dashboard-tables';
import { useSalesEvents } from '../use-sales-events';

const dashboardUrl = defineUrlState({ foodcourt: param.id(), restaurant: param.id() });

/** The restaurants a site filter selects: the one chosen, a food court's, or none (every restaurant). */
function useSelectedRestaurants(foodcourt: string | undefined, restaurant: string | undefined): string[] {
  const map = useLoginState().user?.loc2fc2rest_details_map as Record<string, LocationNode> | undefined;
  return useMemo(() => {
    if (restaurant) return [restaurant];
    if (!foodcourt) return [];
    const court = Object.values(map ?? {})
      .map((l) => l.foodcourts[foodcourt])
      .find((fc) => fc !== undefined);
    return court ? court.restaurants.map((r) => r.restaurant) : [];
  }, [map, foodcourt, restaurant]);
}

/**
 * The sales dashboard (navigation entry salesReports, /vdashboard/index.html#/; page sales_reports): today
 * against the same weekday last week, by hour, by restaurant and the top items. It stays live: a `sales` event of
 * the stream (an order of the user's restaurants arrived or changed) reads it again, at most once every 2 s.
 */
export function SalesDashboardPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(dashboardUrl);
  const restaurants = useSelectedRestaurants(state.foodcourt, state.restaurant);
  const dashboard = useDashboard(undefined, restaurants);
  const { refetch } = dashboard;
  const wanted = useCallback(
    (restaurant: string) => restaurants.length === 0 || restaurants.includes(restaurant),
    [restaurants],
  );
  useSalesEvents(() => void refetch(), wanted);
  const answer = dashboard.data;

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('reports.dashboard.title')}
        </Typography>
        <Typography color="text.secondary">
          {answer
            ? t('reports.dashboard.intro', {
                date: formatIsoDate(answer.date),
                compare: formatIsoDate(answer.compare_date),
              })
            : t('reports.dashboard.introLoading')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <SiteFilter foodcourt={state.foodcourt} restaurant={state.restaurant} onChange={update} />
      </Box>
      {dashboard.isFetching && <LinearProgress aria-label={t('reports.dashboard.updating')} />}
      {dashboard.isError && <Alert severity="error">{describeError(dashboard.error, i18n)}</Alert>}
      {!answer && dashboard.isPending && <Typography>{t('reports.loading')}</Typography>}
      {answer && (
        <>
          {answer.currencies.length > 1 && (
            <Alert severity="info">
              {t('reports.dashboard.oneCurrency', { currency: answer.currency, others: answer.currencies.join(', ') })}
            </Alert>
          )}
          <DashboardCards answer={answer} />
          <Box component="section" aria-labelledby="dashboard-hours">
            <Typography id="dashboard-hours" variant="h6" component="h2">
              {t('reports.dashboard.byHour')}
            </Typography>
            <DashboardHourChart answer={answer} />
          </Box>
          <DashboardTables answer={answer} />
        </>
      )}
    </Box>
  );
}
