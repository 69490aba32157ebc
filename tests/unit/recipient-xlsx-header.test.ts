import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsx } from '../../src/modules/newsletter/server/recipient-file';
import { xlsxHeader } from '../../src/modules/newsletter/client/xlsxHeader';

async function workbookFile(fill: (workbook: ExcelJS.Workbook) => void): Promise<File> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return new File([new Uint8Array(await workbook.xlsx.writeBuffer())], 'odbiorcy.xlsx');
}

describe("the header row of a recipients' XLSX, read in the browser", () => {
  it('reads the first worksheet’s first row as the import job does: shared and rich texts, numbers, escaped characters', async () => {
    const file = await workbookFile((workbook) => {
      const sheet = workbook.addWorksheet('Odbiorcy');
      sheet.addRow(['Adres e-mail', { richText: [{ text: 'Imię ' }, { font: { bold: true }, text: 'i nazwisko' }] }, 'Tagi <A&B>', 2026]);
      sheet.addRow(['jan@example.com', 'Jan', 'VIP', 1]);
      workbook.addWorksheet('Druga').addRow(['Nie ten arkusz']);
    });
    const header = await xlsxHeader(file);
    expect(header).toEqual(['Adres e-mail', 'Imię i nazwisko', 'Tagi <A&B>', '2026']);
    // The same cells as the server's reading of the file.
    const read = await readXlsx(Buffer.from(await file.arrayBuffer()));
    expect(read.rows[0].cells).toEqual(header);
  });

  it('skips empty leading rows and keeps an empty cell in its column', async () => {
    const file = await workbookFile((workbook) => {
      const sheet = workbook.addWorksheet('Odbiorcy');
      sheet.getCell('A3').value = 'e-mail';
      sheet.getCell('C3').value = 'tagi';
      sheet.getCell('A4').value = 'jan@example.com';
    });
    expect(await xlsxHeader(file)).toEqual(['e-mail', '', 'tagi']);
  });

  it('reads only the first row of a large sheet', async () => {
    const file = await workbookFile((workbook) => {
      const sheet = workbook.addWorksheet('Odbiorcy');
      sheet.addRow(['email', 'nazwa']);
      for (let row = 0; row < 20_000; row += 1) sheet.addRow([`osoba${row}@example.com`, `Osoba numer ${row} z długą nazwą, by arkusz był duży`]);
    });
    expect(await xlsxHeader(file)).toEqual(['email', 'nazwa']);
  });

  it('gives null for a file that is no workbook, or one whose first sheet is empty', async () => {
    expect(await xlsxHeader(new File(['email;nazwa\n'], 'odbiorcy.xlsx'))).toBeNull();
    expect(await xlsxHeader(await workbookFile((workbook) => void workbook.addWorksheet('Pusty')))).toBeNull();
  });
});
