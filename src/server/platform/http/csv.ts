/** Cells a spreadsheet would run as a formula when they start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text: a list's items joined, an object (a map's point) as JSON. */
function cellText(cell: unknown): string {
  if (Array.isArray(cell)) return cell.map(cellText).join(', ');
  return typeof cell === 'object' && cell !== null && !(cell instanceof Date) ? JSON.stringify(cell) : String(cell);
}

/**
 * One CSV line as Polish spreadsheets read it: cells separated by semicolons, quoted when they hold
 * a separator, a quote or a line break. Whatever the cell held, text written starting like a formula
 * is prefixed with an apostrophe (a list of tags as well as a name), so opening an export never runs
 * what a tenant's data holds; only a number is written as it is (-5 is a number, not a formula).
 */
export function csvLine(cells: readonly unknown[]): string {
  return (
    cells
      .map((cell) => {
        if (cell === null || cell === undefined) return '';
        const written = cellText(cell);
        const text = typeof cell !== 'number' && FORMULA_START.test(written) ? `'${written}` : written;
        return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(';') + '\r\n'
  );
}

/** A CSV file's first bytes: the UTF-8 byte order mark, so spreadsheets read Polish letters right. */
export const CSV_BOM = '\uFEFF';

/** The headers of a CSV download named `fileName` (ASCII letters, digits, dashes and dots). */
export function csvDownloadHeaders(fileName: string): Record<string, string> {
  return { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' };
}
