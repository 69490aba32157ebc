import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashForSchema, schemaParser, type RJSFSchema } from '@rjsf/utils';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import type { Plugin } from 'vite';
import { createRegistry, DEFAULT_PRODUCT } from '../../common/schema/registry';
import type { JsonSchema } from '../../common/schema/types';
import { extendAjv } from '../../common/schema/validation';
import { conditionSchemas, formSchema } from './formSchema';

export const VALIDATORS_MODULE = 'virtual:schema-validators';
const RESOLVED_ID = `\0${VALIDATORS_MODULE}`;
const FORMATS_MODULE = fileURLToPath(new URL('./formats.ts', import.meta.url));

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
export function validatorsModule(schemasDir: string, product: string): string {
  const files = Object.fromEntries(
    readdirSync(schemasDir)
      .filter((name) => name.endsWith('.schema.json'))
      .map((name) => [name, JSON.parse(readFileSync(path.join(schemasDir, name), 'utf8')) as unknown]),
  );
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

/**
 * Vite plugin: `import { validateFns } from 'virtual:schema-validators'`, rebuilt when a schema
 * changes; and `import.meta.env.PANEL_PRODUCT`, the {product} the server resolves too (same variable).
 */
export function schemaValidatorsPlugin(schemasDir = fileURLToPath(new URL('../../../schemas/', import.meta.url))): Plugin {
  const product = process.env.PANEL_PRODUCT || DEFAULT_PRODUCT;
  return {
    name: 'schema-validators',
    config: () => ({ define: { 'import.meta.env.PANEL_PRODUCT': JSON.stringify(product) } }),
    resolveId: (source) => (source === VALIDATORS_MODULE ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const name of readdirSync(schemasDir)) this.addWatchFile(path.join(schemasDir, name));
      return validatorsModule(schemasDir, product);
    },
  };
}
