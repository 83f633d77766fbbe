import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer } from '@cd/core';
import { moneyFormatter } from '../../../lib/money';
import { formatChange, formatCount } from '../format';

const METRICS = ['net', 'orders', 'average', 'items'] as const;
type Metric = (typeof METRICS)[number];

/** Net sales, orders, average order and items: today against the same weekday last week, with the change. */
export function DashboardCards({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const money = moneyFormatter(answer.currency);
  const show = (metric: Metric, value: number) =>
    metric === 'net' || metric === 'average' ? money(value) : formatCount(value);
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
      }}
    >
      {METRICS.map((metric) => {
        const change = formatChange({ type: 'money' }, answer.today, answer.last_week, metric);
        return (
          <Paper
            component="li"
            key={metric}
            variant="outlined"
            sx={{ p: 2 }}
            aria-label={t(`reports.dashboard.${metric}`)}
          >
            <Typography variant="body2" color="text.secondary">
              {t(`reports.dashboard.${metric}`)}
            </Typography>
            <Typography variant="h5" component="p">
              {show(metric, answer.today[metric])}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('reports.dashboard.lastWeekValue', { value: show(metric, answer.last_week[metric]), change })}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
