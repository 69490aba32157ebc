/**
 * npm run i18n:check — the catalogues hold every key the product uses, in both languages:
 *   - every catalogue key written as a string literal in src/ (t('…'), translate('…'),
 *     httpError(403, '…'), notify('…'), …) and every key a schemas/*.schema.json file uses, named
 *     or derived by convention (src/common/schema/keys.ts), exists in i18n/pl.json and i18n/en.json;
 *   - both catalogues have the same keys, and each key the same %{placeholders};
 *   - Polish counted strings (with ||||) have three forms, English ones two.
 * Prints one line per problem and exits 1 when there is any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../common/i18n/translate';
import { fieldTitleKey } from '../common/schema/keys';
import { DEFAULT_PRODUCT, loadModuleSchema, resolveProduct } from '../common/schema/registry';
import type { ModuleSchema } from '../common/schema/types';

const root = fileURLToPath(new URL('../../', import.meta.url));
const NAMESPACES = ['ra', 'app', 'validation', 'errors', 'demo', 'resources'];
// A whole literal that names a key: a namespace and at least one more dotted segment.
const KEY = new RegExp(`^(?:${NAMESPACES.join('|')})(?:\\.[A-Za-z0-9_]+)+$`);
const LITERAL = /(['"`])((?:(?!\1)[^\\\n$]|\\.)*)\1/g;
const PLACEHOLDER = /%\{(\w+)\}/g;
const FORMS_EXPECTED = { pl: 3, en: 2 } as const;

function flatten(catalogue: Catalogue, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(catalogue)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(full, value);
    else flatten(value, full, into);
  }
  return into;
}

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, test) : test(name) ? [full] : [];
  });
}

/** Keys a source text names as literals, with their line numbers. */
function keysInSource(file: string, text: string): { key: string; where: string }[] {
  const found: { key: string; where: string }[] = [];
  text.split('\n').forEach((line, index) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const match of line.matchAll(LITERAL)) {
      if (KEY.test(match[2])) found.push({ key: match[2], where: `${file}:${index + 1}` });
    }
  });
  return found;
}

/** Every string value of a value that has the shape of a key, with its dotted trail. */
function keysIn(value: unknown, trail = ''): { key: string; trail: string }[] {
  if (typeof value === 'string') return KEY.test(value) ? [{ key: value, trail }] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => keysIn(v, trail ? `${trail}.${k}` : k));
}

function valueAt(value: unknown, trail: string): unknown {
  return trail.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), value);
}

/**
 * Keys a schema uses: those it names and those the registry derives by convention (titles,
 * messages), the file fields' titles too; a file the registry refuses is searched as written.
 */
function keysInSchema(file: string, schema: unknown): { key: string; where: string }[] {
  let module: ModuleSchema;
  try {
    module = loadModuleSchema(schema, file, DEFAULT_PRODUCT);
  } catch {
    return keysIn(schema).map(({ key, trail }) => ({ key, where: `${file} ${trail}` }));
  }
  const { 'x-admin': _annotation, ...body } = module.schema;
  const written = resolveProduct(schema, DEFAULT_PRODUCT);
  const used = [
    ...keysIn(body),
    ...keysIn(module.admin, 'x-admin'),
    ...Object.keys(module.admin.files).map((field) => ({ key: fieldTitleKey(module, field), trail: `x-admin.files.${field}` })),
  ];
  return used.map(({ key, trail }) => ({ key, where: `${file} ${trail}${valueAt(written, trail) === key ? '' : ' (by convention)'}` }));
}

const placeholders = (text: string) => [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort().join(',');

export interface CatalogueInput {
  pl: Catalogue;
  en: Catalogue;
  /** Source files by path: their text. */
  sources: Record<string, string>;
  /** Parsed schema files by path. */
  schemas: Record<string, unknown>;
}

/** Every problem of the catalogues against the keys the sources and schemas use; [] when none. */
export function findCatalogueProblems(input: CatalogueInput): string[] {
  const catalogues = { pl: flatten(input.pl), en: flatten(input.en) };
  const problems: string[] = [];
  const used = [
    ...Object.entries(input.sources).flatMap(([file, text]) => keysInSource(file, text)),
    ...Object.entries(input.schemas).flatMap(([file, schema]) => keysInSchema(file, schema)),
  ];
  for (const { key, where } of used) {
    for (const locale of ['pl', 'en'] as const) {
      // A literal naming a whole branch (e.g. a namespace handed to a helper) is not a message.
      const isBranch = [...catalogues[locale].keys()].some((k) => k.startsWith(`${key}.`));
      if (!catalogues[locale].has(key) && !isBranch) problems.push(`${where}: ${key} is missing from i18n/${locale}.json`);
    }
  }
  for (const [locale, other] of [['pl', 'en'], ['en', 'pl']] as const) {
    for (const key of catalogues[locale].keys()) {
      if (!catalogues[other].has(key)) problems.push(`i18n/${locale}.json: ${key} has no twin in i18n/${other}.json`);
    }
  }
  for (const [key, polish] of catalogues.pl) {
    const english = catalogues.en.get(key);
    if (english !== undefined && placeholders(polish) !== placeholders(english)) {
      problems.push(`${key}: placeholders differ (pl: ${placeholders(polish) || 'none'}, en: ${placeholders(english) || 'none'})`);
    }
    for (const [locale, text] of [['pl', polish], ['en', english]] as const) {
      if (text === undefined) continue;
      const forms = text.split('||||').length;
      const counted = forms > 1 || text.includes('%{smart_count}');
      if (counted && forms !== FORMS_EXPECTED[locale]) problems.push(`i18n/${locale}.json: ${key} has ${forms} plural form(s), ${locale} needs ${FORMS_EXPECTED[locale]}`);
    }
  }
  return [...new Set(problems)];
}

/** The project's own catalogues, src/ and schemas/. */
export function projectInput(): CatalogueInput {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const relative = (file: string) => path.relative(root, file);
  return {
    pl: JSON.parse(read('i18n/pl.json')),
    en: JSON.parse(read('i18n/en.json')),
    sources: Object.fromEntries(files(path.join(root, 'src'), (n) => /\.(ts|tsx)$/.test(n) && !n.endsWith('.d.ts')).map((f) => [relative(f), readFileSync(f, 'utf8')])),
    schemas: Object.fromEntries(files(path.join(root, 'schemas'), (n) => n.endsWith('.schema.json')).map((f) => [relative(f), JSON.parse(readFileSync(f, 'utf8'))])),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const problems = findCatalogueProblems(projectInput());
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`i18n:check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('i18n:check: catalogues complete');
}
