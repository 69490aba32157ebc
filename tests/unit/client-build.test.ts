import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientBuildIsCurrent } from '../../src/server/build-client';
import { clientPlugin } from '../../src/server/platform/http/client';
import { readSchemaFolder, SCHEMA_STAMP_FILE, schemaStamp } from '../../src/server/schema/folder';
import { schemaPlugin } from '../../src/tools/build/schemaPlugin';

const tagSchema = (title: string) => ({
  type: 'object',
  properties: { name: { type: 'string', title } },
  'x-admin': {
    resource: 'notes',
    scope: 'service',
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/notatki', name: 'service_notes', param: 'note_id', views: { list: '' } },
  },
});

function schemasFolder(title: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'panel-schemas-'));
  mkdirSync(path.join(dir, 'notes'));
  writeFileSync(path.join(dir, 'notes', 'note.schema.json'), JSON.stringify(tagSchema(title)));
  return dir;
}

/** A project's browser sources: one file of the client's code and a catalogue. */
function sourcesFolder(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'panel-sources-'));
  mkdirSync(path.join(root, 'src', 'client'), { recursive: true });
  mkdirSync(path.join(root, 'i18n'));
  writeFileSync(path.join(root, 'src', 'client', 'App.tsx'), 'export const App = () => null;\n');
  writeFileSync(path.join(root, 'i18n', 'pl.json'), '{}');
  return root;
}

/**
 * A dist folder as the build leaves it, stamped by the schema plugin for (schemasDir, product,
 * sources); `whileBuilding` runs between the build's start and its output, as an edit made meanwhile.
 */
function builtClient(schemasDir: string, product: string, sourcesRoot = sourcesFolder(), whileBuilding = () => {}): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'panel-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Panel</title>');
  const plugin = schemaPlugin(schemasDir, product, [], sourcesRoot);
  const emitted: { fileName: string; source: string }[] = [];
  (plugin.buildStart as (this: unknown) => void).call({});
  whileBuilding();
  (plugin.generateBundle as (this: unknown) => void).call({ emitFile: (file: { fileName: string; source: string }) => emitted.push(file) });
  for (const file of emitted) writeFileSync(path.join(dist, file.fileName), file.source);
  return dist;
}

async function serve(dist: string, schemasDir: string, product: string) {
  const app = Fastify();
  await app.register(clientPlugin, { config: { schemasDir, product }, root: dist });
  await app.ready();
  return app;
}

describe('the browser build and the server agree on the schemas', () => {
  it('reads schema files from subfolders, by their relative path', () => {
    expect(Object.keys(readSchemaFolder(schemasFolder('resources.tags.fields.name')))).toEqual(['notes/note.schema.json']);
  });

  it('serves a build made from the same schemas folder and product', async () => {
    const schemas = schemasFolder('resources.tags.fields.name');
    const app = await serve(builtClient(schemas, 'panel'), schemas, 'panel');
    const page = await app.inject({ method: 'GET', url: '/usluga/1/notatki' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Panel</title>');
    await app.close();
  });

  it('refuses to start on a build made from other schemas, or for another product', async () => {
    const built = schemasFolder('resources.tags.fields.name');
    const changed = schemasFolder('resources.recipients.fields.name');
    await expect(serve(builtClient(built, 'panel'), changed, 'panel')).rejects.toThrow(/zbudowana z innych schematów.*SCHEMAS_DIR=/);
    await expect(serve(builtClient(built, 'panel'), built, 'sklep')).rejects.toThrow(/PANEL_PRODUCT=sklep/);
  });

  it('stamps the build with what the server computes', () => {
    const schemas = schemasFolder('resources.tags.fields.name');
    const dist = builtClient(schemas, 'panel');
    const stamp = JSON.parse(readFileSync(path.join(dist, SCHEMA_STAMP_FILE), 'utf8')) as { stamp: string };
    expect(stamp.stamp).toBe(schemaStamp(readSchemaFolder(schemas), 'panel'));
  });
});

describe('the server rebuilds the browser app by content, not by time', () => {
  const app = (root: string) => path.join(root, 'src', 'client', 'App.tsx');

  it('takes a build of the same sources and schemas as current, even when a file was saved again unchanged', () => {
    const schemas = schemasFolder('resources.tags.fields.name');
    const sources = sourcesFolder();
    const dist = builtClient(schemas, 'panel', sources);
    expect(clientBuildIsCurrent({ schemasDir: schemas, product: 'panel' }, dist, sources)).toBe(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(app(sources), later, later);
    expect(clientBuildIsCurrent({ schemasDir: schemas, product: 'panel' }, dist, sources)).toBe(true);
  });

  it('never takes a build as current when a source changed while it ran, though the build is newer than the change', () => {
    const schemas = schemasFolder('resources.tags.fields.name');
    const sources = sourcesFolder();
    const dist = builtClient(schemas, 'panel', sources, () => writeFileSync(app(sources), 'export const App = () => "nowy";\n'));
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(app(sources), earlier, earlier);
    expect(clientBuildIsCurrent({ schemasDir: schemas, product: 'panel' }, dist, sources)).toBe(false);
  });

  it('never takes a build as current when a schema changed while it ran', () => {
    const schemas = schemasFolder('resources.tags.fields.name');
    const sources = sourcesFolder();
    const schemaFile = path.join(schemas, 'notes', 'note.schema.json');
    const dist = builtClient(schemas, 'panel', sources, () => writeFileSync(schemaFile, JSON.stringify(tagSchema('resources.recipients.fields.name'))));
    expect(clientBuildIsCurrent({ schemasDir: schemas, product: 'panel' }, dist, sources)).toBe(false);
  });

  it('takes no build as current once a new file joins the sources', () => {
    const schemas = schemasFolder('resources.tags.fields.name');
    const sources = sourcesFolder();
    const dist = builtClient(schemas, 'panel', sources);
    writeFileSync(path.join(sources, 'src', 'client', 'New.tsx'), 'export {};\n');
    expect(clientBuildIsCurrent({ schemasDir: schemas, product: 'panel' }, dist, sources)).toBe(false);
  });
});
