import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportRunAnswer } from '@cd/core';
import { comparedTotal } from '../format';
import { reportCardOf, type CardFigure, type ReportCard } from './report-cards';

type Props = { answer: ReportRunAnswer; busy: boolean };

/**
 * The report on a phone (issue 35): one card per row — its date or name, then net and total large, then the other
 * figures as a compact label/value grid — and one card per totals row. Nothing is wider than the screen, so
 * nothing scrolls sideways; the page scrolls as a whole.
 */
export function ReportCards({ answer, busy }: Props) {
  const { t } = useTranslation();
  const labels = {
    compared: (column: string) => t('reports.table.compared', { column }),
    change: (column: string) => t('reports.table.change', { column }),
  };
  const currencies = new Set(answer.totals.map((r) => r.currency));
  const totalLabel = (currency: unknown) =>
    currencies.size > 1 ? t('reports.table.totalIn', { currency }) : t('reports.table.total');

  return (
    <Box
      component="ul"
      aria-label={answer.report.label}
      aria-busy={busy}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      {answer.rows.map((row, index) => (
        <ReportCardItem key={index} card={reportCardOf(answer, row, answer.compare_rows?.[index] ?? null, labels)} />
      ))}
      {answer.totals.map((row, index) => (
        <ReportCardItem
          key={`total-${index}`}
          total
          card={reportCardOf(
            answer,
            row,
            comparedTotal(answer.compare_totals, row.currency),
            labels,
            totalLabel(row.currency),
          )}
        />
      ))}
    </Box>
  );
}

/** One card: its title, the headline figures large, the others as a compact label/value grid. */
export function ReportCardItem({ card, total = false }: { card: ReportCard; total?: boolean }) {
  return (
    <Box
      component="li"
      data-report-card={total ? 'total' : 'row'}
      sx={{
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: total ? 'action.hover' : undefined,
        minWidth: 0,
      }}
    >
      <Typography component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {card.title}
      </Typography>
      {card.headline.length > 0 && (
        <Box component="dl" sx={{ ...grid(120), mt: 0.5 }}>
          {card.headline.map((f) => (
            <Figure key={f.key} figure={f} large />
          ))}
        </Box>
      )}
      {card.details.length > 0 && (
        <Box component="dl" sx={{ ...grid(112), mt: 1 }}>
          {card.details.map((f) => (
            <Figure key={f.key} figure={f} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** As many columns of at least `min` px as fit; none wider than the card. */
const grid = (min: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`,
  columnGap: 1.5,
  rowGap: 0.5,
  m: 0,
});

const value = { m: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' } as const;

function Figure({ figure, large = false }: { figure: CardFigure; large?: boolean }) {
  return (
    <Box data-figure={figure.key} sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {figure.label}
      </Typography>
      <Typography
        component="dd"
        variant={large ? 'subtitle1' : 'body2'}
        sx={{ ...value, fontWeight: large ? 700 : undefined }}
      >
        {figure.value}
      </Typography>
      {/* The compared value and the change, each on a line of its own ("Net sales (compared) £80.00"). */}
      {[figure.compared, figure.change].flatMap((extra, i) =>
        extra
          ? [
              <Typography
                key={`dt${i}`}
                component="dt"
                variant="caption"
                color="text.secondary"
                sx={{ display: 'inline' }}
              >
                {extra.label}{' '}
              </Typography>,
              <Typography
                key={`dd${i}`}
                component="dd"
                variant="caption"
                sx={{ ...value, display: 'inline', '&::after': { content: '""', display: 'block' } }}
              >
                {extra.value}
              </Typography>,
            ]
          : [],
      )}
    </Box>
  );
}
