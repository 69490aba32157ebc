import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU_ICON_NAMES } from '../../src/common/menu-icons';
import { createAjv, createRegistry } from '../../src/common/schema';
import { META_SCHEMA_FILE } from '../../src/common/schema/meta';
import { checkSchemaFile } from '../../src/common/schema/meta/check';
import { readSchemaFolder } from '../../src/server/schema/folder';
import { metaSchemaText } from '../../src/tools/meta-schema';

const NEWS = 'schemas/site/news.schema.json';
// A schema file as parsed JSON, which each case changes at any depth.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ParsedFile = Record<string, any>;
const news = () => JSON.parse(readFileSync(NEWS, 'utf8')) as ParsedFile;
const schemaFiles = readdirSync('schemas', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.schema.json'));

/** The problem checkSchemaFile names for the news file changed by `change`. */
function refusal(change: (file: ParsedFile) => void): string {
  const file = news();
  change(file);
  try {
    checkSchemaFile(file, NEWS);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('the x-admin meta-schema', () => {
  it('is published as generated from its parts (npx tsx src/tools/meta-schema.ts)', () => {
    expect(readFileSync(META_SCHEMA_FILE, 'utf8')).toBe(metaSchemaText());
  });

  it('is named by every schema file, relative to its folder, and accepts them all', () => {
    for (const name of schemaFiles) {
      const file = JSON.parse(readFileSync(path.join('schemas', name), 'utf8')) as { $schema?: string };
      expect(file.$schema, name).toBe(path.relative(path.dirname(path.join('schemas', name)), META_SCHEMA_FILE).split(path.sep).join('/'));
    }
    expect(Object.keys(readSchemaFolder('schemas'))).toHaveLength(schemaFiles.length);
  });

  it('leaves $schema out of what ajv compiles', () => {
    const module = createRegistry(readSchemaFolder('schemas')).byResource('news_items')!;
    expect(module.schema).not.toHaveProperty('$schema');
    expect(() => createAjv().compile(module.schema)).not.toThrow();
  });

  it('refuses unknown keys, naming the file, the key path and the fix', () => {
    expect(
      refusal((file) => {
        file['x-admin'].list.colums = file['x-admin'].list.columns;
        delete file['x-admin'].list.columns;
      }),
    ).toBe('schemas/site/news.schema.json x-admin.list.colums: unknown key; did you mean columns?');
    expect(refusal((file) => (file['x-admn'] = file['x-admin']))).toMatch(/^schemas\/site\/news.schema.json x-admn: unknown key; did you mean x-admin\?/);
    expect(refusal((file) => (file.properties.title.minLenght = 3))).toBe('schemas/site/news.schema.json properties.title.minLenght: unknown key; did you mean minLength?');
    expect(refusal((file) => (file['x-admin'].route.parm = 'news_id'))).toBe('schemas/site/news.schema.json x-admin.route.parm: unknown key; did you mean param?');
    expect(refusal((file) => (file['x-admin'].list.columns[0].sortible = true))).toBe(
      'schemas/site/news.schema.json x-admin.list.columns[0].sortible: unknown key; did you mean sortable?',
    );
  });

  it('refuses bad values and missing keys', () => {
    expect(refusal((file) => (file['x-admin'].scope = 'services'))).toBe('schemas/site/news.schema.json x-admin.scope: "services" is not allowed; did you mean service?');
    expect(refusal((file) => (file.properties.title['x-widget'] = 'richtxt'))).toBe(
      'schemas/site/news.schema.json properties.title.x-widget: "richtxt" is not allowed; did you mean richtext?',
    );
    expect(refusal((file) => (file['x-admin'].list.columns[0].sortable = 'yes'))).toBe('schemas/site/news.schema.json x-admin.list.columns[0].sortable: must be boolean');
    expect(refusal((file) => (file.properties.title.errorMessage = 5))).toBe('schemas/site/news.schema.json properties.title.errorMessage: must be string or null or object');
    expect(refusal((file) => delete file['x-admin'].route)).toBe('schemas/site/news.schema.json x-admin.route: missing; add it');
    expect(refusal((file) => (file['x-admin'].rules = [{ field: 'date', op: '=>', than: 'date' }]))).toMatch(/x-admin.rules\[0\].op: "=>" is not allowed/);
  });

  it('refuses a menu icon the sidebar does not draw, from the one shared list', () => {
    expect(refusal((file) => (file['x-admin'].menu = { icon: 'Setings' }))).toBe('schemas/site/news.schema.json x-admin.menu.icon: "Setings" is not allowed; did you mean Settings?');
    expect(refusal((file) => (file['x-admin'].menu = { icon: 'Rocket' }))).toBe(
      `schemas/site/news.schema.json x-admin.menu.icon: "Rocket" is not allowed; one of ${MENU_ICON_NAMES.join(', ')}`,
    );
    const sidebar = readFileSync('src/client/layout/menuIcons.tsx', 'utf8');
    for (const name of MENU_ICON_NAMES) expect(sidebar, name).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('stops the start: a folder with a wrong file is not read', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'meta-schemas-'));
    try {
      const file = news();
      file['x-admin'].list.colums = [];
      writeFileSync(path.join(dir, 'news.schema.json'), JSON.stringify(file));
      expect(() => readSchemaFolder(dir)).toThrow(`${path.join(dir, 'news.schema.json')} x-admin.list.colums: unknown key; did you mean columns?`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
