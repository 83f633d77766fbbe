import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer } from '@cd/core';
import { moneyFormatter } from '../../../lib/money';
import { ChartBox, SERIES_COLOURS } from './chart-box';

const HEIGHT = 260;

/** Net sales by hour, today and the same weekday last week. */
export function DashboardHourChart({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const money = moneyFormatter(answer.currency);
  const data = answer.hours.map((h) => ({ ...h, hourLabel: `${String(h.hour).padStart(2, '0')}:00` }));
  const today = t('reports.dashboard.today');
  const lastWeek = t('reports.dashboard.lastWeek');
  return (
    <ChartBox label={t('reports.dashboard.hourChart')} height={HEIGHT}>
      {(width) => (
        <LineChart width={width} height={HEIGHT} data={data} accessibilityLayer={false} margin={{ left: 8, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="hourLabel" />
          <YAxis width={72} />
          <Tooltip formatter={(value) => money(Number(value))} />
          <Legend />
          <Line dataKey="net" name={today} stroke={SERIES_COLOURS[0]} dot={false} isAnimationActive={false} />
          <Line
            dataKey="last_week_net"
            name={lastWeek}
            stroke={SERIES_COLOURS[1]}
            strokeDasharray="4 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      )}
    </ChartBox>
  );
}
