import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashForSchema, schemaParser, type RJSFSchema } from '@rjsf/utils';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import type { Plugin } from 'vite';
import { conditionSchemas, formSchema } from '../../client/schema/formSchema';
import { buildSchemaRoutes } from '../../client/schema/routeTable';
import { createRegistry, DEFAULT_PRODUCT } from '../../common/schema/registry';
import type { JsonSchema } from '../../common/schema/types';
import { extendAjv } from '../../common/schema/validation';
import { readSchemaFolder, SCHEMA_STAMP_FILE, schemaStamp, type BuildStamp } from '../../server/schema/folder';
import { clientSourcesHash, PROJECT_ROOT } from './sourceHash';

export const VALIDATORS_MODULE = 'virtual:schema-validators';
export const SCHEMAS_MODULE = 'virtual:schema-files';
export const ROUTES_MODULE = 'virtual:schema-routes';
const FORMATS_MODULE = fileURLToPath(new URL('../../client/schema/formats.ts', import.meta.url));
const PROJECT_SCHEMAS = fileURLToPath(new URL('../../../schemas/', import.meta.url));

/** The same ajv options as @rjsf/validator-ajv8's, generating source instead of functions. */
function sourceAjv(schemas: RJSFSchema[]): Ajv {
  return extendAjv(
    new Ajv({
      allErrors: true,
      multipleOfPrecision: 8,
      strict: false,
      verbose: true,
      discriminator: false,
      schemas,
      code: { source: true, esm: true, lines: false, formats: _`schemaFormats` },
    }),
  );
}

/**
 * The validation code of every form of every schema in the folder, as an ES module exporting
 * `validateFns` keyed by RJSF's schema hash (for createPrecompiledValidator). Ajv compiles here, at
 * build time: in the browser the CSP (script-src 'self') forbids the code generation ajv does.
 */
export function validatorsModule(schemasDirs: string | readonly string[], product: string): string {
  const files = readSchemaFolders(typeof schemasDirs === 'string' ? [schemasDirs] : schemasDirs);
  const byHash = new Map<string, RJSFSchema>();
  for (const module of createRegistry(files, product).modules) {
    for (const editing of [false, true]) {
      const form = formSchema(module, editing);
      const parsed = Object.values(schemaParser(form)).map(({ $id: _hash, ...plain }) => plain as RJSFSchema);
      for (const schema of [...parsed, ...(conditionSchemas(form as JsonSchema) as RJSFSchema[])]) byHash.set(hashForSchema(schema), schema);
    }
  }
  const keys = [...byHash.keys()];
  const ajv = sourceAjv(keys.map((hash, index) => ({ ...byHash.get(hash), $id: `v${index}` })));
  let code = standaloneCode(ajv);
  // The runtime helpers ajv's code requires, as ES imports.
  const required = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]))];
  required.forEach((specifier, index) => {
    code = code.replaceAll(`require("${specifier}")`, `__runtime${index}`);
  });
  const imports = [
    `import { schemaFormats } from ${JSON.stringify(FORMATS_MODULE)};`,
    ...required.map((specifier, index) => `import * as __runtime${index} from ${JSON.stringify(specifier)};`),
  ];
  const table = keys.map((hash, index) => `${JSON.stringify(hash)}: v${index}`).join(',\n  ');
  return `${imports.join('\n')}\n${code.replace(/^"use strict";/, '')}\nexport const validateFns = {\n  ${table}\n};\n`;
}

/** The schema files of several folders: the first's by their relative path, the others' under `<folder name>:`. */
function readSchemaFolders(dirs: readonly string[]): Record<string, unknown> {
  return Object.assign(
    {},
    ...dirs.map((dir, index) =>
      Object.fromEntries(Object.entries(readSchemaFolder(dir)).map(([name, file]) => [index === 0 ? name : `${path.basename(dir)}:${name}`, file])),
    ),
  );
}

/**
 * Vite plugin, reading the schemas folder and the product the server reads (SCHEMAS_DIR,
 * PANEL_PRODUCT, same defaults):
 * - `import { schemaFiles } from 'virtual:schema-files'`: the parsed schema files
 *   (only the schema screens' chunks import them);
 * - `import { schemaRouteTable } from 'virtual:schema-routes'`: their routes, made here, so the first
 *   page carries the route table without the schemas;
 * - `import { validateFns } from 'virtual:schema-validators'`: their precompiled form validators;
 * - `import.meta.env.PANEL_PRODUCT`;
 * - the build's `schema-stamp.json`, which the server checks against its own configuration and
 *   its sources (both hashed when the build starts, before it reads them).
 * The modules are rebuilt when a schema changes.
 */
export function schemaPlugin(
  schemasDir = path.resolve(process.env.SCHEMAS_DIR || PROJECT_SCHEMAS),
  product = process.env.PANEL_PRODUCT || DEFAULT_PRODUCT,
  /** More folders whose modules the browser gets too (the unit tests' fixture modules); never in a build the server serves. */
  extraDirs: readonly string[] = [],
  /** The project whose browser sources the stamp hashes. */
  sourcesRoot = PROJECT_ROOT,
): Plugin {
  const dirs = [schemasDir, ...extraDirs];
  const modules: Record<string, () => string> = {
    [VALIDATORS_MODULE]: () => validatorsModule(dirs, product),
    [ROUTES_MODULE]: () => `export const schemaRouteTable = ${JSON.stringify(buildSchemaRoutes(createRegistry(readSchemaFolders(dirs), product).modules))};\n`,
    [SCHEMAS_MODULE]: () => `export const schemaFiles = ${JSON.stringify(readSchemaFolders(dirs))};\n`,
  };
  const resolved = (id: string) => `\0${id}`;
  const stampNow = (): BuildStamp => ({ product, stamp: schemaStamp(readSchemaFolder(schemasDir), product), sources: clientSourcesHash(sourcesRoot) });
  let stamp: BuildStamp | undefined;
  return {
    name: 'panel-schemas',
    config: () => ({ define: { 'import.meta.env.PANEL_PRODUCT': JSON.stringify(product) } }),
    buildStart() {
      stamp = stampNow();
    },
    resolveId: (source) => (source in modules ? resolved(source) : undefined),
    load(id) {
      const name = Object.keys(modules).find((source) => resolved(source) === id);
      if (!name) return undefined;
      for (const dir of dirs) for (const file of Object.keys(readSchemaFolder(dir))) this.addWatchFile(path.join(dir, file));
      return modules[name]();
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SCHEMA_STAMP_FILE, source: JSON.stringify(stamp) });
    },
  };
}
