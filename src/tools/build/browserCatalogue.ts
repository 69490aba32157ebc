import type { Plugin } from 'vite';

/** Catalogue parts only the server says: the demo data's texts and the command-line messages. */
const SERVER_ONLY: string[][] = [['demo'], ['app', 'cli']];
const CATALOGUE = /[\\/]i18n[\\/](pl|en)\.json$/;

/**
 * Vite plugin: the browser's copy of i18n/<locale>.json leaves out what only the server says, so
 * every page (the login page first) downloads less; translators still edit one file.
 */
export function browserCataloguePlugin(): Plugin {
  return {
    name: 'panel-browser-catalogue',
    enforce: 'pre',
    transform(code, id, options) {
      if (options?.ssr || !CATALOGUE.test(id)) return undefined;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      for (const trail of SERVER_ONLY) {
        const parent = trail.slice(0, -1).reduce<Record<string, unknown> | undefined>((node, key) => node?.[key] as Record<string, unknown> | undefined, catalogue);
        if (parent) delete parent[trail[trail.length - 1]];
      }
      return { code: JSON.stringify(catalogue), map: null };
    },
  };
}
