import { Line, LineChart } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { DashboardAnswer } from '@cd/core';
import { moneyFormatter } from '../../../lib/money';
import { currentRegion } from '../../../lib/region';
import { ChartBox, SERIES_COLOURS, useChartStyle } from './chart-box';
import { compactNumber, xAxisLayout } from './chart-axes';
import { chartFrame } from './chart-grid';

const HEIGHT = 260;
const compact = compactNumber(currentRegion().language);

/** Net sales by hour, today and the same weekday last week. */
export function DashboardHourChart({ answer }: { answer: DashboardAnswer }) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const money = moneyFormatter(answer.currency);
  const data = answer.hours.map((h) => ({ ...h, hourLabel: `${String(h.hour).padStart(2, '0')}:00` }));
  const today = t('reports.dashboard.today');
  const lastWeek = t('reports.dashboard.lastWeek');
  return (
    <ChartBox label={t('reports.dashboard.hourChart')} height={HEIGHT}>
      {(width) => {
        const yAxisWidth = style.narrow ? 44 : 72;
        const x = xAxisLayout({
          type: 'text',
          chart: 'line',
          values: data.map((d) => d.hourLabel),
          width,
          yAxisWidth,
          narrow: style.narrow,
        });
        return (
          <LineChart
            width={width}
            height={HEIGHT}
            data={data}
            accessibilityLayer={false}
            margin={{ ...x.margin, top: 8 }}
          >
            {chartFrame({
              dataKey: 'hourLabel',
              x,
              style,
              yAxisWidth,
              compact,
              tooltipValue: (value) => money(Number(value)),
            })}
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
        );
      }}
    </ChartBox>
  );
}
