import { CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { XAxisLayout } from './chart-axes';
import type { useChartStyle } from './chart-box';

type Props = {
  /** The data key of the x values. */
  dataKey: string;
  /** The x axis laid out for the chart's width (xAxisLayout). */
  x: XAxisLayout;
  style: ReturnType<typeof useChartStyle>;
  yAxisWidth: number;
  /** Short numbers on the y axis (a phone's narrow axis). */
  compact: (value: number) => string;
  tooltipValue: (value: unknown, name: unknown) => string;
};

/**
 * What every report chart draws around its series: the grid, the x axis as xAxisLayout laid it out, the y axis (short
 * numbers on a phone), the tooltip and the legend, in the theme's chart style. A function, not a component: Recharts
 * finds its axes among the chart's own children.
 */
export function chartFrame({ dataKey, x, style, yAxisWidth, compact, tooltipValue }: Props) {
  return (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke={style.gridStroke} />
      <XAxis
        dataKey={dataKey}
        tick={style.tick}
        axisLine={style.axisLine}
        tickLine={style.axisLine}
        interval={x.interval}
        angle={x.angle}
        textAnchor={x.angle ? 'end' : 'middle'}
        height={x.height}
        tickFormatter={x.label}
      />
      <YAxis
        width={yAxisWidth}
        tick={style.tick}
        axisLine={style.axisLine}
        tickLine={style.axisLine}
        tickFormatter={style.narrow ? compact : undefined}
      />
      <Tooltip formatter={tooltipValue} {...style.tooltip} />
      <Legend formatter={style.legend.formatter} />
    </>
  );
}
