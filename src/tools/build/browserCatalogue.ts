import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

type Catalogue = Record<string, unknown>;

/** Catalogue parts only the server says: the demo data's texts and the command-line messages. */
const SERVER_ONLY: string[][] = [['demo'], ['app', 'cli']];
/** The modules' own texts: loaded with the signed-in layout (`virtual:module-texts/<locale>`), not by the login page. */
const MODULE_TEXTS = 'resources';
/**
 * What the shell (App.tsx: the login and blocked-account pages in their layout) shows; in a build
 * the rest of the catalogue loads with the panel (`virtual:panel-texts/<locale>`).
 */
const SHELL_TEXTS: string[][] = [['ra', 'auth'], ['ra', 'page'], ['ra', 'message'], ['ra', 'notification'], ['errors'], ['app', 'auth'], ['app', 'layout']];
const VIRTUAL_PARTS = { 'virtual:module-texts/': 'modules', 'virtual:panel-texts/': 'panel' } as const;
const LOCALES = ['pl', 'en'];
const CATALOGUE = /[\\/]i18n[\\/](pl|en)\.json$/;
const CATALOGUES = fileURLToPath(new URL('../../../i18n/', import.meta.url));

const isObject = (value: unknown): value is Catalogue => typeof value === 'object' && value !== null;

/** The catalogue without the entries at the trails. */
function without(catalogue: Catalogue, trails: string[][]): Catalogue {
  const copy = structuredClone(catalogue);
  for (const trail of trails) {
    const parent = trail.slice(0, -1).reduce<Catalogue | undefined>((node, key) => (isObject(node?.[key]) ? node[key] : undefined), copy);
    if (parent) delete parent[trail[trail.length - 1]];
  }
  return copy;
}

/** Only the entries at the trails, each at its place. */
function only(catalogue: Catalogue, trails: string[][]): Catalogue {
  const picked: Catalogue = {};
  for (const trail of trails) {
    const value = trail.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), catalogue);
    if (value === undefined) continue;
    const parent = trail.slice(0, -1).reduce<Catalogue>((node, key) => (node[key] ??= {}) as Catalogue, picked);
    parent[trail[trail.length - 1]] = value;
  }
  return picked;
}

/** The browser's part of a catalogue: the modules' texts, the panel's (everything but the shell's), or, in a build, the shell's. */
function browserPart(catalogue: Catalogue, part: 'modules' | 'panel' | 'shell', build: boolean): Catalogue {
  const browser = without(catalogue, SERVER_ONLY);
  if (part === 'modules') return (browser[MODULE_TEXTS] ?? {}) as Catalogue;
  if (part === 'panel') return without(browser, [[MODULE_TEXTS], ...SHELL_TEXTS]);
  return build ? only(browser, SHELL_TEXTS) : browser;
}

/**
 * Vite plugin: the browser's copy of i18n/<locale>.json leaves out what only the server says, and,
 * in a build, everything the shell does not show: the modules' texts, which
 * `virtual:module-texts/<locale>` serves as a chunk of their own (loaded with the signed-in layout),
 * and the rest of the panel's, `virtual:panel-texts/<locale>` (loaded with the panel); so the login
 * page downloads only its own texts, and translators still edit one file.
 */
export function browserCataloguePlugin(): Plugin {
  let build = false;
  const virtualPart = (id: string) =>
    Object.entries(VIRTUAL_PARTS)
      .map(([prefix, part]) => ({ part, locale: id.slice(prefix.length), matches: id.startsWith(prefix) }))
      .find(({ matches, locale }) => matches && LOCALES.includes(locale));
  return {
    name: 'panel-browser-catalogue',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return virtualPart(id) ? `\0${id}` : undefined;
    },
    load(id) {
      const virtual = id.startsWith('\0') ? virtualPart(id.slice(1)) : undefined;
      if (!virtual) return undefined;
      const catalogue = JSON.parse(readFileSync(`${CATALOGUES}${virtual.locale}.json`, 'utf8')) as Catalogue;
      return `export default ${JSON.stringify(browserPart(catalogue, virtual.part, build))};`;
    },
    transform(code, id, options) {
      if (options?.ssr || !CATALOGUE.test(id)) return undefined;
      return { code: JSON.stringify(browserPart(JSON.parse(code) as Catalogue, 'shell', build)), map: null };
    },
  };
}
