import { Bar, BarChart, Line, LineChart } from 'recharts';
import { useTranslation } from 'react-i18next';
import type { ReportRunAnswer } from '@cd/core';
import { currentRegion } from '../../../lib/region';
import { formatCell } from '../format';
import { ChartBox, SERIES_COLOURS, useChartStyle } from './chart-box';
import { compactNumber, xAxisLayout } from './chart-axes';
import { chartFrame } from './chart-grid';

const HEIGHT = 300;
const compact = compactNumber(currentRegion().language);

/**
 * The report's chart (its x column against its series columns). Amounts of different currencies are not added
 * up on one axis: with several currencies, the chart shows the first one's rows and says so.
 */
export function ReportChart({ answer }: { answer: ReportRunAnswer }) {
  const { t } = useTranslation();
  const style = useChartStyle();
  const { chart, columns } = answer;
  const currencies = [...new Set(answer.rows.map((r) => String(r.currency ?? '')))];
  const currency = currencies[0] ?? '';
  const rows = answer.rows.filter((r) => String(r.currency ?? '') === currency);
  const xColumn = columns.find((c) => c.key === chart.x) ?? { key: chart.x, label: chart.x, type: 'text' as const };
  const series = chart.series
    .map((key) => columns.find((c) => c.key === key))
    .filter((c): c is NonNullable<typeof c> => c !== undefined);
  if (!rows.length || !series.length) return null;

  const data = rows.map((row) => ({ ...row, __x: formatCell(xColumn, row, xColumn.key) }));
  const label = t('reports.chart.label', {
    report: answer.report.label,
    series: series.map((s) => s.label).join(', '),
    x: xColumn.label,
  });
  const caption = currencies.length > 1 ? t('reports.chart.oneCurrency', { currency }) : undefined;
  const tooltipValue = (value: unknown, name: unknown) => {
    const column = series.find((s) => s.label === name);
    return column ? formatCell(column, { currency, v: value as number }, 'v') : String(value);
  };

  return (
    <ChartBox label={label} caption={caption} height={HEIGHT}>
      {(width) => {
        const yAxisWidth = style.narrow ? 44 : 72;
        const x = xAxisLayout({
          type: xColumn.type,
          chart: chart.type,
          values: data.map((d) => d.__x),
          width,
          yAxisWidth,
          narrow: style.narrow,
        });
        const common = { width, height: HEIGHT, data, accessibilityLayer: false, margin: { ...x.margin, top: 8 } };
        const axes = chartFrame({ dataKey: '__x', x, style, yAxisWidth, compact, tooltipValue });
        return chart.type === 'line' ? (
          <LineChart {...common}>
            {axes}
            {series.map((s, i) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={SERIES_COLOURS[i % SERIES_COLOURS.length]}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={SERIES_COLOURS[i % SERIES_COLOURS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        );
      }}
    </ChartBox>
  );
}
