import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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

/** A dist folder as the build leaves it, stamped by the schema plugin for (schemasDir, product). */
function builtClient(schemasDir: string, product: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'panel-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Panel</title>');
  const plugin = schemaPlugin(schemasDir, product);
  const emitted: { fileName: string; source: string }[] = [];
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
