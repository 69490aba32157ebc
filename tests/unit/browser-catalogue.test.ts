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

  it("in a build, serves the modules' texts as a chunk of their own, out of the catalogue the login page loads", () => {
    const plugin = browserCataloguePlugin();
    (plugin.configResolved as unknown as (config: { command: string }) => void)({ command: 'build' });
    const source = readFileSync('i18n/pl.json', 'utf8');
    const full = JSON.parse(source);
    const browser = JSON.parse((plugin.transform as unknown as Transform)(source, '/x/i18n/pl.json')!.code);
    expect(browser.resources).toBeUndefined();
    expect(browser.app.layout).toEqual(full.app.layout);
    const resolveId = plugin.resolveId as unknown as (id: string) => string | undefined;
    const load = plugin.load as unknown as (id: string) => string | undefined;
    expect(resolveId('virtual:module-texts/de')).toBeUndefined();
    const chunk = load(resolveId('virtual:module-texts/pl')!)!;
    expect(JSON.parse(chunk.replace(/^export default /, '').replace(/;$/, ''))).toEqual(full.resources);
  });

  it('leaves every other file, and the server-side build, alone', () => {
    expect(transform('{"demo":1}', '/x/schemas/tag.schema.json')).toBeUndefined();
    expect(transform('{"demo":1}', '/x/i18n/pl.json', { ssr: true })).toBeUndefined();
  });
});
