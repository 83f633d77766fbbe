import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { ReportColumn, ReportRow, ReportRunAnswer } from '@cd/core';
import { comparedTotal, formatCell, formatChange } from '../format';
import { ReportCards } from './report-card-list';

type Props = { answer: ReportRunAnswer; busy: boolean };

const numeric = (c: ReportColumn) => c.type === 'money' || c.type === 'count' || c.type === 'percent';

/**
 * The report's rows (money in each row's currency), then one totals row per currency. With a comparison, each
 * compared column is followed by the compared period's value and the change. Below the small breakpoint (a phone)
 * each row is a card instead (issue 35), so every figure reads without scrolling sideways.
 */
export function ReportTable(props: Props) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return narrow ? <ReportCards {...props} /> : <WideReportTable {...props} />;
}

function WideReportTable({ answer, busy }: Props) {
  const { t } = useTranslation();
  const comparing = answer.comparison !== null && answer.compare_rows !== null;
  const currencies = new Set(answer.totals.map((r) => r.currency));

  const cells = (row: ReportRow, compared: ReportRow | null, total: boolean) =>
    answer.columns.flatMap((c, index) => {
      const align = numeric(c) ? 'right' : 'left';
      const main = (
        <TableCell
          key={c.key}
          align={align}
          component={index === 0 ? 'th' : 'td'}
          scope={index === 0 ? 'row' : undefined}
          sx={total ? { fontWeight: 700 } : undefined}
        >
          {index === 0 && total ? totalLabel(row) : formatCell(c, row, c.key)}
        </TableCell>
      );
      if (!comparing || !c.compared) return [main];
      return [
        main,
        <TableCell key={`${c.key}:compared`} align="right" sx={{ color: 'text.secondary' }}>
          {formatCell(c, compared ?? { currency: row.currency ?? null }, c.key)}
        </TableCell>,
        <TableCell key={`${c.key}:change`} align="right">
          {formatChange(c, row, compared, c.key)}
        </TableCell>,
      ];
    });

  const totalLabel = (row: ReportRow) =>
    currencies.size > 1 ? t('reports.table.totalIn', { currency: row.currency }) : t('reports.table.total');

  return (
    // A scrolling region must be reachable by keyboard (WCAG 2.1.1): focusable, named by its report.
    <TableContainer
      sx={{ maxHeight: 640 }}
      tabIndex={0}
      role="region"
      aria-label={t('reports.table.scrollRegion', { name: answer.report.label })}
    >
      <Table size="small" stickyHeader aria-label={answer.report.label} aria-busy={busy}>
        <TableHead>
          <TableRow>
            {answer.columns.flatMap((c) => {
              const head = (
                <TableCell key={c.key} align={numeric(c) ? 'right' : 'left'}>
                  {c.label}
                </TableCell>
              );
              if (!comparing || !c.compared) return [head];
              return [
                head,
                <TableCell key={`${c.key}:compared`} align="right">
                  {t('reports.table.compared', { column: c.label })}
                </TableCell>,
                <TableCell key={`${c.key}:change`} align="right">
                  {t('reports.table.change', { column: c.label })}
                </TableCell>,
              ];
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {answer.rows.map((row, index) => (
            <TableRow key={index} hover>
              {cells(row, answer.compare_rows?.[index] ?? null, false)}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          {answer.totals.map((row, index) => (
            <TableRow key={`total-${index}`}>
              {cells(row, comparedTotal(answer.compare_totals, row.currency), true)}
            </TableRow>
          ))}
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
