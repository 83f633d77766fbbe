import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ScrollRegion } from '../scroll-region';

/** Label and value pairs of a record's detail (a description list, two pairs a line on wide screens). */
export function DetailFacts({ label, facts }: { label: string; facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'fit-content(45%) minmax(0, 1fr)', sm: 'repeat(2, auto minmax(0, 1fr))' },
        gap: 1,
        m: 0,
      }}
    >
      {facts.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export type DetailColumn<T> = { header: string; cell: (row: T) => ReactNode; align?: 'right' };

/** A titled small table of one part of a record (lines, payments, history); the title names the table. */
export function DetailTable<T>(props: {
  title: string;
  rows: T[];
  columns: DetailColumn<T>[];
  /** Said instead of an empty table. */
  empty: string;
  rowKey: (row: T) => string;
  /** Marks a row (the record shown among its history). */
  selected?: (row: T) => boolean;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [first, ...rest] = props.columns;
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : narrow && first ? (
        // On a phone each row is a card, its first column at the head and the others below with their headers, so
        // a row's actions and last columns stay on screen (issue 35: a counter's device actions were off it).
        <Box
          component="ul"
          aria-label={props.title}
          sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
        >
          {props.rows.map((row) => (
            <Box
              component="li"
              key={props.rowKey(row)}
              sx={{
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: props.selected?.(row) ? 'action.selected' : undefined,
              }}
            >
              <Box sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{first.cell(row)}</Box>
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)', columnGap: 1.5, m: 0 }}
              >
                {rest.map((c) => (
                  <Box key={c.header} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {c.header}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {c.cell(row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <ScrollRegion label={props.title}>
          <Table size="small" aria-label={props.title}>
            <TableHead>
              <TableRow>
                {props.columns.map((c) => (
                  <TableCell key={c.header} align={c.align}>
                    {c.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row) => (
                <TableRow key={props.rowKey(row)} selected={props.selected?.(row) ?? false}>
                  {props.columns.map((c) => (
                    <TableCell key={c.header} align={c.align}>
                      {c.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Box>
  );
}
