import { Paper, Table, TableCell, TableContainer, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatNumber } from './reportsApi';

/** A report's table, named by its caption. */
export function ReportTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <TableContainer component={Paper}>
      <Table size="small">
        <caption>{caption}</caption>
        {children}
      </Table>
    </TableContainer>
  );
}

/** A figure's name (resources.newsletter_reports.figures.*), for column heads and chart series. */
export function useFigureLabel(): (key: string) => string {
  const translate = useTranslate();
  return (key) => translate(`resources.newsletter_reports.figures.${key}`);
}

/** The column heads of figures, right-aligned as their numbers. */
export function FigureHeads({ figures }: { figures: readonly string[] }) {
  const label = useFigureLabel();
  return figures.map((key) => (
    <TableCell key={key} scope="col" align="right">
      {label(key)}
    </TableCell>
  ));
}

/** A row of figures: its head (a period, a page, a source, or the sum, in bold with `total`), then the figures named by `keys`. */
export function FiguresRow<K extends string>({ head, keys, figures, total }: { head: ReactNode; keys: readonly K[]; figures: Record<K, number>; total?: boolean }) {
  return (
    <TableRow sx={total ? { '& th, & td': { fontWeight: 'bold', fontSize: 'inherit', color: 'text.primary' } } : undefined}>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        {head}
      </TableCell>
      {keys.map((key) => (
        <TableCell key={key} align="right">
          {formatNumber(figures[key])}
        </TableCell>
      ))}
    </TableRow>
  );
}
