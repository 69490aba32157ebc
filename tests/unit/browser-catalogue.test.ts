import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserCataloguePlugin } from '../../src/tools/build/browserCatalogue';

type Transform = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | undefined;
const transform = browserCataloguePlugin().transform as unknown as Transform;

describe("the browser's catalogue", () => {
  it('leaves out what only the server says (demo data, command-line messages) and keeps the rest', () => {
    const source = readFileSync('i18n/pl.json', 'utf8');
    const full = JSON.parse(source);
    const browser = JSON.parse(transform(source, '/x/i18n/pl.json')!.code);
    expect(browser.demo).toBeUndefined();
    expect(browser.app.cli).toBeUndefined();
    expect(browser.app.layout).toEqual(full.app.layout);
    expect(browser.validation).toEqual(full.validation);
    expect(Object.keys(browser)).toEqual(Object.keys(full).filter((key) => key !== 'demo'));
  });

  it('leaves every other file, and the server-side build, alone', () => {
    expect(transform('{"demo":1}', '/x/schemas/tag.schema.json')).toBeUndefined();
    expect(transform('{"demo":1}', '/x/i18n/pl.json', { ssr: true })).toBeUndefined();
  });
});
