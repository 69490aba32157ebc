import { Box, Card, CardActions, CardContent, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A column of a hand-written table: its head, and what a row shows in it. */
export interface RecordColumn<Row> {
  key: string;
  label: string;
  value(row: Row): ReactNode;
  align?: 'left' | 'right';
}

interface RecordCardsProps<Row> {
  label: string;
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  columns: readonly RecordColumn<Row>[];
  actions?(row: Row): ReactNode;
  busy?: boolean;
  /** Side by side as wide as the screen allows (a catalogue), not one under another. */
  grid?: boolean;
}

/** Rows as cards, for a phone: every value under its column's name, the actions at the bottom, long texts wrapped at any character. */
export function RecordCards<Row>({ label, rows, rowKey, columns, actions, busy, grid = false }: RecordCardsProps<Row>) {
  const layout = grid ? { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 2, '& > li': { m: 0 } } : {};
  return (
    <Stack component="ul" aria-label={label} aria-busy={busy} spacing={grid ? 0 : 1} sx={{ listStyle: 'none', m: 0, p: 1, ...layout }}>
      {rows.map((row) => (
        <Card component="li" key={rowKey(row)} variant="outlined">
          <CardContent sx={{ pb: 0 }}>
            <Box component="dl" sx={{ m: 0 }}>
              {columns.map((column) => (
                <Box key={column.key} sx={{ mb: 1 }}>
                  <Typography component="dt" variant="caption" color="text.secondary">
                    {column.label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {column.value(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
          {actions && <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>{actions(row)}</CardActions>}
        </Card>
      ))}
    </Stack>
  );
}

interface RecordTableProps<Row> {
  /** The table's name (its caption, shown when `caption` is set, else read by screen readers only). */
  label: string;
  caption?: boolean;
  rows: readonly Row[];
  rowKey(row: Row): string | number;
  columns: readonly RecordColumn<Row>[];
  actions?(row: Row): ReactNode;
  busy?: boolean;
}

/**
 * The rows of a hand-written screen (mailings, delivery logs, the disk): a table on a wider screen, a
 * card per row on a phone, as the generic lists do, so that nothing widens the page and the actions
 * stay in reach. Long texts wrap at any character.
 */
export function RecordTable<Row>({ label, caption, rows, rowKey, columns, actions, busy }: RecordTableProps<Row>) {
  const translate = useTranslate();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (isPhone) {
    return (
      <Paper>
        <RecordCards label={label} rows={rows} rowKey={rowKey} columns={columns} actions={actions} busy={busy} />
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label={caption ? undefined : label} aria-busy={busy}>
        {caption && <caption>{label}</caption>}
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} scope="col" align={column.align}>
                {column.label}
              </TableCell>
            ))}
            {actions && <TableCell scope="col">{translate('app.schema.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ overflowWrap: 'anywhere' }}>
                  {column.value(row)}
                </TableCell>
              ))}
              {actions && <TableCell>{actions(row)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
