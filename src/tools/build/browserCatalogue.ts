import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Catalogue parts only the server says: the demo data's texts and the command-line messages. */
const SERVER_ONLY: string[][] = [['demo'], ['app', 'cli']];
/** The modules' own texts: loaded with the signed-in layout (`virtual:module-texts/<locale>`), not by the login page. */
const MODULE_TEXTS = 'resources';
const MODULE_TEXTS_ID = 'virtual:module-texts/';
const LOCALES = ['pl', 'en'];
const CATALOGUE = /[\\/]i18n[\\/](pl|en)\.json$/;
const CATALOGUES = fileURLToPath(new URL('../../../i18n/', import.meta.url));

/**
 * Vite plugin: the browser's copy of i18n/<locale>.json leaves out what only the server says, and,
 * in a build, the modules' texts, which `virtual:module-texts/<locale>` serves as a chunk of their
 * own; so every page (the login page first) downloads less, and translators still edit one file.
 */
export function browserCataloguePlugin(): Plugin {
  let build = false;
  return {
    name: 'panel-browser-catalogue',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(MODULE_TEXTS_ID) && LOCALES.includes(id.slice(MODULE_TEXTS_ID.length)) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${MODULE_TEXTS_ID}`)) return undefined;
      const locale = id.slice(MODULE_TEXTS_ID.length + 1);
      const catalogue = JSON.parse(readFileSync(`${CATALOGUES}${locale}.json`, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(catalogue[MODULE_TEXTS] ?? {})};`;
    },
    transform(code, id, options) {
      if (options?.ssr || !CATALOGUE.test(id)) return undefined;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      for (const trail of [...SERVER_ONLY, ...(build ? [[MODULE_TEXTS]] : [])]) {
        const parent = trail.slice(0, -1).reduce<Record<string, unknown> | undefined>((node, key) => node?.[key] as Record<string, unknown> | undefined, catalogue);
        if (parent) delete parent[trail[trail.length - 1]];
      }
      return { code: JSON.stringify(catalogue), map: null };
    },
  };
}
