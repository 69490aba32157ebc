import { describe, expect, it } from 'vitest';
import { createRegistry, loadModuleSchema, SchemaFileError } from '../../src/common/schema';

/** x-admin `delivery`: what a site may read of a module is checked when the schema loads, naming the file and the fix. */
const note = (delivery: unknown, admin: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { name: { type: 'string' }, secret: { type: 'string' }, shown: { type: 'boolean', default: true }, from: { type: 'string', format: 'date-time' }, day: { type: 'string', format: 'date' } },
  'x-admin': { resource: 'notes', scope: 'service', title: 'resources.notes.title', route: { path: '/usluga/{service_id}/notatki', name: 'service_notes' }, delivery, ...admin },
});

const problem = (delivery: unknown, admin: Record<string, unknown> = {}) => {
  try {
    loadModuleSchema(note(delivery, admin), 'notes.schema.json');
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaFileError);
    return (error as Error).message;
  }
  return null;
};

describe('x-admin delivery', () => {
  it('completes a delivery block: path from the resource, no filters, the list order', () => {
    const { admin } = loadModuleSchema(note({ fields: ['name'], where: { shown: true }, during: { from: 'from' } }), 'notes.schema.json');
    expect(admin.delivery).toEqual({ path: 'notes', fields: ['name'], where: { shown: true }, during: { from: 'from' }, filters: [], sort: { field: 'id', order: 'DESC' } });
  });

  it('refuses fields, conditions and periods that name no property, and private files', () => {
    expect(problem({ fields: [] })).toMatch(/delivery.fields must list/);
    expect(problem({ fields: ['nazwa'] })).toMatch(/delivery.fields nazwa is neither a property nor a file field/);
    expect(problem({ fields: ['name'], where: { hidden: true } })).toMatch(/delivery.where hidden is not a property/);
    expect(problem({ fields: ['name'], during: { to: 'day' } })).toMatch(/delivery.during.to day must be a date-time property/);
    expect(problem({ fields: ['name'], filters: ['nope'] })).toMatch(/delivery.filters nope is not a property/);
    expect(problem({ fields: ['name', 'scan'] }, { files: { scan: { private: true } } })).toMatch(/delivery.fields scan is a private file/);
    expect(problem({ fields: ['name'], within: 'notes' })).toMatch(/a nested module is delivered within its parent/);
  });

  it('refuses a nested module under a parent that is not delivered, and two modules on one path', () => {
    const child = {
      type: 'object',
      properties: { text: { type: 'string' } },
      'x-admin': {
        resource: 'note_lines', scope: 'service', title: 'resources.note_lines.title', parent: { resource: 'notes', param: 'notes_id' },
        route: { path: '/usluga/{service_id}/notatki/{notes_id}/linie', name: 'service_note_lines' }, delivery: { fields: ['text'], within: 'lines' },
      },
    };
    expect(() => createRegistry({ 'notes.schema.json': note(undefined), 'lines.schema.json': child })).toThrow(/its parent notes is not delivered/);
    expect(() => createRegistry({ 'notes.schema.json': note({ fields: ['name'] }), 'lines.schema.json': child })).not.toThrow();
    const twin = { ...note({ fields: ['name'], path: 'notes' }), 'x-admin': { ...note({ fields: ['name'], path: 'notes' })['x-admin'], resource: 'memos', title: 'resources.memos.title', route: { path: '/usluga/{service_id}/memo', name: 'service_memos' } } };
    expect(() => createRegistry({ 'notes.schema.json': note({ fields: ['name'] }), 'memos.schema.json': twin })).toThrow(/delivery.path notes is also/);
  });
});
