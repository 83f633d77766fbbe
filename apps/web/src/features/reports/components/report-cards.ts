import type { ReportColumn, ReportRow, ReportRunAnswer } from '@cd/core';
import { formatCell, formatChange } from '../format';

/** A figure of a card: its column's label and the value as the table shows it. */
export type CardFigure = {
  key: string;
  label: string;
  value: string;
  /** With a comparison: the compared period's value and the change, each with the table's header for it. */
  compared?: { label: string; value: string };
  change?: { label: string; value: string };
};

/** A report row as a card (phones): its name or date, the figures a manager reads first, then the others. */
export type ReportCard = { title: string; headline: CardFigure[]; details: CardFigure[] };

/** The figures a card leads with when the report has them: net sales and the total. */
export const HEADLINE_KEYS = ['net', 'total'] as const;

type Labels = {
  /** The table's headers of a compared column's compared value and change. */
  compared: (column: string) => string;
  change: (column: string) => string;
};

/**
 * The columns a card leads with: net and total when the report has them, then the chart's series (the amount of
 * a tender report, the tax of the tax log, the quantity of an item report); never the first column, which is the
 * card's title.
 */
export function headlineColumns(answer: Pick<ReportRunAnswer, 'columns' | 'chart'>): ReportColumn[] {
  const rest = answer.columns.slice(1);
  const keys = [...new Set([...HEADLINE_KEYS, ...answer.chart.series])];
  return keys.flatMap((key) => rest.filter((c) => c.key === key));
}

/**
 * One row of the answer as a card: the first column (the date, restaurant, item, tender…) as the title — or the
 * totals label for a totals row —, the headline figures, then every other column in the table's order. A totals
 * row leaves out the columns it has no value for (the table shows '—' there).
 */
export function reportCardOf(
  answer: Pick<ReportRunAnswer, 'columns' | 'chart' | 'comparison' | 'compare_rows'>,
  row: ReportRow,
  compared: ReportRow | null,
  labels: Labels,
  totalLabel?: string,
): ReportCard {
  const [first, ...rest] = answer.columns;
  const comparing = answer.comparison !== null && answer.compare_rows !== null;
  const headline = headlineColumns(answer);
  const figure = (c: ReportColumn): CardFigure => {
    const main: CardFigure = { key: c.key, label: c.label, value: formatCell(c, row, c.key) };
    if (!comparing || !c.compared) return main;
    return {
      ...main,
      compared: {
        label: labels.compared(c.label),
        value: formatCell(c, compared ?? { currency: row.currency ?? null }, c.key),
      },
      change: { label: labels.change(c.label), value: formatChange(c, row, compared, c.key) },
    };
  };
  const present = (c: ReportColumn) => totalLabel === undefined || (row[c.key] !== null && row[c.key] !== undefined);
  return {
    title: totalLabel ?? (first ? formatCell(first, row, first.key) : ''),
    headline: headline.map(figure),
    details: rest.filter((c) => !headline.includes(c) && present(c)).map(figure),
  };
}
