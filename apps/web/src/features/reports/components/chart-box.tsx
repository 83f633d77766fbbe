import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { TICK_FONT_SIZE } from './chart-axes';

type Props = {
  /** What the chart shows, for screen readers (the table beside it holds the same numbers). */
  label: string;
  caption?: string;
  height?: number;
  /** Draws the chart at the box's width. */
  children: (width: number) => ReactNode;
};

/**
 * A chart's frame: the chart is drawn at the box's measured width (and again when it changes), as an image with
 * a text label; without a layout (no ResizeObserver, no width) nothing is drawn.
 */
export function ChartBox({ label, caption, height = 280, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box ref={ref} role="img" aria-label={label} sx={{ width: '100%', height }}>
        {width > 0 && children(width)}
      </Box>
      {caption && (
        <Typography component="figcaption" variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </Box>
  );
}

/** Series colours that read on light and dark backgrounds. */
export const SERIES_COLOURS = ['#1e88e5', '#f4511e', '#43a047', '#8e24aa', '#fb8c00', '#00897b'];

/**
 * What a chart draws its axes, grid, legend and tooltip with, from the theme (issue 35): axis text in the theme's
 * secondary text colour (≥ 4.5:1 on the light and the dark surfaces; recharts' own grey was 2.9:1 on the dark),
 * legend and tooltip text in the primary text colour (the series colours mark them). `narrow`: a phone.
 */
export function useChartStyle() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const text = theme.palette.text;
  return {
    narrow,
    tick: { fill: text.secondary, fontSize: TICK_FONT_SIZE },
    axisLine: { stroke: text.secondary },
    gridStroke: theme.palette.divider,
    legend: {
      formatter: (value: unknown) => <span style={{ color: text.primary }}>{String(value)}</span>,
    },
    tooltip: {
      contentStyle: {
        backgroundColor: theme.palette.background.paper,
        borderColor: theme.palette.divider,
        color: text.primary,
      },
      itemStyle: { color: text.primary },
      labelStyle: { color: text.primary },
    },
  };
}
