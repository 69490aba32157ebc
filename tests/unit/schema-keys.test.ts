import { describe, expect, it } from 'vitest';
import { createAjv, describeErrors, loadModuleSchema, translateErrors } from '../../src/common/schema';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';

/** A schema that names no catalogue key at all. */
const minimal = (schema: Record<string, unknown> = {}, admin: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 3, maxLength: 80 },
    email: { type: 'string', format: 'email' },
    labels: { type: 'array', maxItems: 5, items: { type: 'string', minLength: 2 } },
  },
  required: ['name'],
  ...schema,
  'x-admin': { resource: 'notes', scope: 'service', route: { path: '/usluga/{service_id}/notatki', name: 'service_notes' }, ...admin },
});

describe('catalogue keys by convention', () => {
  it('gives a schema that names no key its titles, messages and toasts', () => {
    const { schema, admin } = loadModuleSchema(minimal(), 'notes.schema.json');
    expect(schema.title).toBe('resources.notes.title');
    expect(schema.properties?.name).toEqual({
      type: 'string',
      minLength: 3,
      maxLength: 80,
      title: 'resources.notes.fields.name',
      errorMessage: { type: 'validation.notes.name_required', minLength: 'validation.notes.name_min', maxLength: 'validation.notes.name_max' },
      'x-single-line': true,
    });
    expect(schema.properties?.email.errorMessage).toEqual({ type: 'validation.notes.email_required', format: 'validation.notes.email_invalid' });
    expect(schema.properties?.labels.errorMessage).toEqual({ type: 'validation.notes.labels_required', maxItems: 'validation.notes.labels_max' });
    expect(schema.properties?.labels.items).toEqual({
      type: 'string',
      minLength: 2,
      errorMessage: { type: 'validation.notes.labels_item_required', minLength: 'validation.notes.labels_item_min' },
      'x-single-line': true,
    });
    expect(schema.errorMessage).toEqual({ required: { name: 'validation.notes.name_required' } });
    expect(admin.title).toBe('resources.notes.title');
    expect(admin.messages).toEqual({
      created: 'resources.notes.messages.created',
      updated: 'resources.notes.messages.updated',
      deleted: 'resources.notes.messages.deleted',
    });
  });

  it('keeps what the schema names, and leaves out what it sets to null', () => {
    const { schema, admin } = loadModuleSchema(
      minimal(
        {
          properties: {
            name: { type: 'string', title: 'resources.tags.fields.name', minLength: 3, errorMessage: { minLength: 'validation.tags.name_min' } },
            kind: { type: 'integer', enum: [1, 2], errorMessage: null },
            code: { type: 'string', pattern: '^[a-z]+$', errorMessage: 'validation.notes.code' },
          },
          errorMessage: { required: { name: 'validation.tags.name_required' } },
        },
        { title: 'resources.tags.title', singleton: true, messages: { created: 'resources.notes.messages.saved', updated: null } },
      ),
      'notes.schema.json',
    );
    expect(schema.title).toBe('resources.tags.title');
    expect(schema.properties?.name).toMatchObject({
      title: 'resources.tags.fields.name',
      errorMessage: { type: 'validation.notes.name_required', minLength: 'validation.tags.name_min' },
    });
    expect(schema.properties?.kind).toEqual({ type: 'integer', enum: [1, 2], title: 'resources.notes.fields.kind' });
    expect(schema.properties?.code.errorMessage).toBe('validation.notes.code');
    expect(schema.errorMessage).toEqual({ required: { name: 'validation.tags.name_required' } });
    // A singleton is never deleted: no toast for it.
    expect(admin).toMatchObject({ title: 'resources.tags.title', messages: { created: 'resources.notes.messages.saved' } });
    expect(admin.messages).not.toHaveProperty('updated');
    expect(admin.messages).not.toHaveProperty('deleted');
  });

  it('names the fields of conditional branches and leaves {product} out of the keys', () => {
    const { schema } = loadModuleSchema(
      minimal({
        properties: { mode: { type: 'string' }, '{product}_limit': { type: 'integer', minimum: 0 } },
        required: [],
        if: { properties: { mode: { const: 'limited' } }, required: ['mode'] },
        then: { properties: { mode: { maxLength: 3 } }, required: ['{product}_limit'] },
      }),
      'notes.schema.json',
      'acme',
    );
    expect(schema.properties?.acme_limit).toMatchObject({
      title: 'resources.notes.fields.limit',
      errorMessage: { type: 'validation.notes.limit_required', minimum: 'validation.notes.limit_min' },
    });
    expect(schema.then).toEqual({
      properties: { mode: { maxLength: 3, errorMessage: { maxLength: 'validation.notes.mode_max' } } },
      required: ['acme_limit'],
      errorMessage: { required: { acme_limit: 'validation.notes.limit_required' } },
    });
    // The condition itself reports nothing: it stays as written.
    expect(schema.if).toEqual({ properties: { mode: { const: 'limited' } }, required: ['mode'] });
    expect(schema).not.toHaveProperty('errorMessage');
  });

  it('validates with the derived messages', () => {
    const { schema } = loadModuleSchema(minimal(), 'notes.schema.json');
    const { $id: _id, ...body } = schema;
    const validate = createAjv().compile(body);
    validate({ email: 'nope', labels: ['x'] });
    expect(describeErrors(validate.errors, schema).map(({ field, key }) => ({ field, key }))).toEqual([
      { field: 'email', key: 'validation.notes.email_invalid' },
      { field: 'labels.0', key: 'validation.notes.labels_item_min' },
      { field: 'name', key: 'validation.notes.name_required' },
    ]);
  });

  it('gives a module dropped in without its texts the generic message, naming the field', () => {
    const t = createTranslate(catalogues.pl, 'pl');
    const { schema } = loadModuleSchema(minimal({ properties: { name: { type: 'string', title: 'resources.tags.fields.name', minLength: 3 }, size: { type: 'integer' } } }), 'x');
    const { $id: _id, ...body } = schema;
    const validate = createAjv().compile(body);
    validate({ name: 'ab', size: 'big' });
    expect(translateErrors(describeErrors(validate.errors, schema), t, schema)).toEqual({
      name: 'Pole Nazwa tagu jest nieprawidłowe.',
      size: 'Pole size jest nieprawidłowe.',
    });
  });
});
