import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/** Label and value pairs of a record's detail (a description list, two pairs a line on wide screens). */
export function DetailFacts({ label, facts }: { label: string; facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr', sm: 'repeat(2, auto 1fr)' }, gap: 1, m: 0 }}
    >
      {facts.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {name}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
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
  return (
    <Box component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.rows.length === 0 ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
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
        </Box>
      )}
    </Box>
  );
}
