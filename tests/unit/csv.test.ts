import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/server/platform/http/csv';

describe('the one CSV writer', () => {
  it('neutralises every cell written starting like a formula, whatever it held', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const formula = `${start}HYPERLINK("https://example.com")`;
      const quoted = (text: string) => (/[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
      expect(csvLine([formula]), JSON.stringify(start)).toBe(`${quoted(`'${formula}`)}\r\n`);
      // A list (tags) is one cell: its first item decides how a spreadsheet reads it.
      expect(csvLine([[formula, 'Eksport']]), JSON.stringify(start)).toBe(`${quoted(`'${formula}, Eksport`)}\r\n`);
    }
  });

  it('writes numbers, lists and objects as they are, and leaves empty cells empty', () => {
    expect(csvLine([-5, 1.5, true, null, undefined, ['a', 'b'], { latitude: 52.2, longitude: 21 }, 'Anna; Nowak'])).toBe(
      '-5;1.5;true;;;a, b;"{""latitude"":52.2,""longitude"":21}";"Anna; Nowak"\r\n',
    );
  });
});
