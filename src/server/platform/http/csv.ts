/** Cells a spreadsheet would run as a formula when they start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV line as Polish spreadsheets read it: cells separated by semicolons, quoted when they hold
 * a separator, a quote or a line break; a text starting like a formula is prefixed with an
 * apostrophe, so opening an export never runs what a tenant's data holds.
 */
export function csvLine(cells: readonly unknown[]): string {
  return (
    cells
      .map((cell) => {
        if (cell === null || cell === undefined) return '';
        let text = Array.isArray(cell) ? cell.join(', ') : String(cell);
        if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
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
