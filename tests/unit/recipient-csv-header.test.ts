import { describe, expect, it } from 'vitest';
import { namedColumns } from '../../src/modules/newsletter/common/recipient-columns';
import { cellsOf, csvHeader } from '../../src/modules/newsletter/client/csvHeader';

describe("the header row of a recipients' CSV, read in the browser", () => {
  it('splits at the delimiter outside quotes, a doubled quote being a quote', () => {
    expect(cellsOf('"Nazwa; pełna";e-mail;"Tagi ""główne"""', ';')).toEqual(['Nazwa; pełna', 'e-mail', 'Tagi "główne"']);
  });

  it('reads the first line of UTF-8 with a BOM, or of Windows-1250, with the separator it uses most', async () => {
    const utf8 = new File(['\uFEFFAdres e-mail,Imię i nazwisko,Tagi\r\na@example.com,A,B\r\n'], 'a.csv');
    expect(await csvHeader(utf8)).toEqual(['Adres e-mail', 'Imię i nazwisko', 'Tagi']);
    // "Imię;Adres" in Windows-1250: ę is 0xEA.
    const cp1250 = new File([new Uint8Array([0x49, 0x6d, 0x69, 0xea, 0x3b, 0x41, 0x64, 0x72, 0x65, 0x73, 0x0a])], 'b.csv');
    expect(await csvHeader(cp1250)).toEqual(['Imię', 'Adres']);
    expect(await csvHeader(new File(['\n'], 'c.csv'))).toBeNull();
  });

  it('proposes the columns the import recognises by name', () => {
    expect(namedColumns(['Kto', 'Adres', 'Grupy'])).toEqual({ email: 1, name: -1, tags: -1 });
    expect(namedColumns(['E-mail', 'Imię i nazwisko', 'Tagi'])).toEqual({ email: 0, name: 1, tags: 2 });
  });
});
