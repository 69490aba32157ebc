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

  it("in a build, the login page's catalogue holds only the shell's texts; the panel's and the modules' are chunks of their own, together the whole", () => {
    const plugin = browserCataloguePlugin();
    (plugin.configResolved as unknown as (config: { command: string }) => void)({ command: 'build' });
    const source = readFileSync('i18n/pl.json', 'utf8');
    const full = JSON.parse(source);
    const shell = JSON.parse((plugin.transform as unknown as Transform)(source, '/x/i18n/pl.json')!.code);
    expect(shell.resources).toBeUndefined();
    expect(shell.validation).toBeUndefined();
    expect(shell.app.auth).toEqual(full.app.auth);
    expect(shell.app.layout).toEqual(full.app.layout);
    expect(shell.app.profile).toBeUndefined();
    const resolveId = plugin.resolveId as unknown as (id: string) => string | undefined;
    const load = plugin.load as unknown as (id: string) => string | undefined;
    const chunk = (id: string) => JSON.parse(load(resolveId(id)!)!.replace(/^export default /, '').replace(/;$/, ''));
    expect(resolveId('virtual:module-texts/de')).toBeUndefined();
    expect(chunk('virtual:module-texts/pl')).toEqual(full.resources);
    const panel = chunk('virtual:panel-texts/pl');
    expect(panel.app.auth).toBeUndefined();
    expect(panel.validation).toEqual(full.validation);
    const joined = { ...panel, ...shell, ra: { ...panel.ra, ...shell.ra }, app: { ...panel.app, ...shell.app }, resources: chunk('virtual:module-texts/pl') };
    const { demo: _demo, ...browser } = full;
    delete browser.app.cli;
    expect(joined).toEqual(browser);
  });

  it('leaves every other file, and the server-side build, alone', () => {
    expect(transform('{"demo":1}', '/x/schemas/tag.schema.json')).toBeUndefined();
    expect(transform('{"demo":1}', '/x/i18n/pl.json', { ssr: true })).toBeUndefined();
  });
});
