import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';
import { conditionalFields, formSchema, formUiSchema, hiddenFields, serverErrorSchema, translateFormErrors } from '../../src/client/schema/formSchema';
import { clientRegistry } from '../../src/client/schema/registry';
import { compiledForm } from '../../src/client/schema/SchemaForm';
import { optionsAddress, propertyOptions } from '../../src/common/schema/widgets';

const polish = createTranslate(catalogues.pl, 'pl');
const translate = (key: string, options?: Record<string, unknown>) => polish(key, options as Record<string, string | number>);
const module = (resource: string) => clientRegistry.byResource(resource)!;

/** The messages RJSF would show, by field, for some data: the real browser validator and our mapping. */
function fieldMessages(resource: string, data: Record<string, unknown>, editing = false): Record<string, string[]> {
  const { schema, validator } = compiledForm(module(resource), editing);
  const { errorSchema } = validator.validateFormData(data, schema, undefined, (errors) => translateFormErrors(errors, module(resource), translate));
  const result: Record<string, string[]> = {};
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (key === '__errors') result[path.join('.')] = value as string[];
      else walk(value as Record<string, unknown>, [...path, key]);
    }
  };
  walk(errorSchema as Record<string, unknown>, []);
  return result;
}

describe('form errors on their fields, in Polish', () => {
  it('tag: required, and the bounds with their plural forms', () => {
    expect(fieldMessages('tags', {})).toEqual({ name: ['Nazwa tagu jest wymagana.'] });
    expect(fieldMessages('tags', { name: 'a' })).toEqual({ name: ['Nazwa tagu powinna zawierać co najmniej 2 znaki'] });
    expect(fieldMessages('tags', { name: 'x'.repeat(129) })).toEqual({ name: ['Nazwa tagu powinna zawierać maksymalnie 128 znaków'] });
    expect(fieldMessages('tags', { name: 'ok' })).toEqual({});
  });

  it('recipient: e-mail rules, and tag bounds on each item of the list', () => {
    expect(fieldMessages('recipients', { name: 'Jan Kowalski', email: 'nie-adres' })).toEqual({ email: ['Adres e-mail odbiorcy jest nieprawidłowy.'] });
    expect(fieldMessages('recipients', { name: 'Jan Kowalski' })).toEqual({ email: ['Adres e-mail odbiorcy jest wymagany.'] });
    expect(fieldMessages('recipients', { name: 'Jan', email: 'jan@example.com', tags: ['ok', 'x'] })).toEqual({
      'tags.1': ['Nazwa tagu powinna zawierać co najmniej 2 znaki'],
    });
  });

  it('sender config: the fields of the chosen type are required, by if/then', () => {
    const messages = fieldMessages('senders_config', { config_type_id: 2, from_name: 'Sklep' });
    expect(messages.smtp_host).toEqual(['Host jest wymagany.']);
    expect(messages.api_key).toBeUndefined();
    expect(fieldMessages('senders_config', {})).toMatchObject({ config_type_id: ['Typ metody wysyłki jest wymagany.'], from_name: ['Nazwa nadawcy jest wymagana.'] });
  });

  it('sender config on edit: a stored secret may stay empty', () => {
    const data = { config_type_id: 2, from_name: 'Sklep', smtp_host: 'smtp.example.com', smtp_port: 587, smtp_user: 'a@example.com' };
    expect(fieldMessages('senders_config', data, false).smtp_password).toEqual([polish('validation.senders_config.smtp_password_required')]);
    expect(fieldMessages('senders_config', data, true)).toEqual({});
  });

  it("a check without a message of its own says '{field} is not valid.' with the field's label", () => {
    expect(fieldMessages('main_page_sections', { page_prefix: 'home', section_id: 1, section_prefix: 's', container_prefix: 'main', name: 'Sekcja', component_name: 'c', row_id: 1, status: 'x' })).toEqual({
      status: [polish('validation.field_invalid', { field: 'Status' })],
    });
  });

  it("shows the server's 400 errors on their fields, nested paths included", () => {
    expect(serverErrorSchema({ email: 'Adres zajęty.', 'tags.0': 'Zły tag.' })).toEqual({
      email: { __errors: ['Adres zajęty.'] },
      tags: { 0: { __errors: ['Zły tag.'] } },
    });
  });
});

describe('conditional fields and widgets', () => {
  const senders = module('senders_config');
  const { schema, validator } = compiledForm(senders, false);
  const matches = (data: Record<string, unknown>) => (condition: object) => validator.isValid(condition as RJSFSchema, data, schema);

  it('shows the fields of the chosen sender type only', () => {
    const conditions = conditionalFields(senders);
    expect(hiddenFields(conditions, matches({ config_type_id: 2 }))).toEqual(new Set(['api_host', 'api_key', 'api_secret', 'smtp_account']));
    expect(hiddenFields(conditions, matches({ config_type_id: 1 }))).toEqual(
      new Set(['smtp_host', 'smtp_port', 'smtp_user', 'smtp_password', 'api_host', 'api_key', 'api_secret', 'smtp_account']),
    );
    expect(hiddenFields(conditions, matches({ config_type_id: 3 })).has('from')).toBe(false);
  });

  it('keeps if/then/else fields needed by both branches visible (content)', () => {
    expect(hiddenFields(conditionalFields(module('content')), () => false)).toEqual(new Set());
  });

  it('draws secrets as passwords, long texts as text areas, hidden fields hidden', () => {
    const ui = formUiSchema(senders, translate, true, new Set(['api_key']));
    expect(ui.smtp_password).toMatchObject({ 'ui:widget': 'password', 'ui:help': 'Pozostaw puste, aby zachować zapisaną wartość.' });
    expect(ui.api_key).toMatchObject({ 'ui:widget': 'hidden' });
    expect(formUiSchema(module('content'), translate, false, new Set()).description).toMatchObject({ 'ui:widget': 'textarea' });
  });

  it('translates labels, list items and choices, and leaves the page title to the page', () => {
    expect(formSchema(module('tags'), false).title).toBeUndefined();
    expect(formUiSchema(module('tags'), translate, false, new Set()).name).toEqual({ 'ui:title': 'Nazwa tagu' });
    expect(formUiSchema(module('recipients'), translate, false, new Set()).tags).toEqual({ 'ui:title': 'Tagi', 'ui:field': 'reference', items: { 'ui:title': 'Nazwa tagu' } });
    expect(formUiSchema(senders, translate, false, new Set()).config_type_id.oneOf.map((choice: { 'ui:title': string }) => choice['ui:title'])).toEqual([
      'Wysyłka przez dostawcę',
      'SMTP',
      'EmailLabs',
    ]);
  });
});

describe('the import form (x-options choices, server-set names)', () => {
  it('asks for the data type first, as the server does, then for the source and categories', () => {
    expect(fieldMessages('imports', { published: true })).toEqual({
      import_type_id: ['Typ importu jest wymagany.'],
      content_type_id: ['Typ danych importu jest wymagany.'],
      export_client_service_id: ['Najpierw wybierz typ danych importu.'],
      export_category_id: ['Najpierw wybierz typ danych importu.'],
      category_id: ['Najpierw wybierz typ danych importu.'],
    });
    expect(fieldMessages('imports', { import_type_id: 1, content_type_id: 1, published: true })).toEqual({
      export_client_service_id: ['Źródło importu jest wymagane.'],
      export_category_id: ['Kategoria źródłowa jest wymagana.'],
      category_id: ['Kategoria jest wymagana.'],
    });
    // Edit: the category stays required, the dates may be cleared.
    const stored = { import_type_id: 1, content_type_id: 1, export_client_service_id: 2, export_category_id: 3, published: true, start_date: null, end_date: null };
    expect(fieldMessages('imports', stored, true)).toEqual({ category_id: ['Kategoria jest wymagana.'] });
    expect(fieldMessages('imports', { ...stored, category_id: 4 }, true)).toEqual({});
  });

  it('draws the x-options fields as choices and leaves the server-set names out', () => {
    const ui = formUiSchema(module('imports'), translate, false, new Set());
    for (const field of ['export_client_service_id', 'export_category_id', 'category_id']) expect(ui[field]).toMatchObject({ 'ui:widget': 'options' });
    expect(ui.category_name).toMatchObject({ 'ui:widget': 'hidden' });
    expect(ui.export_category_name).toMatchObject({ 'ui:widget': 'hidden' });
  });

  it('fills an x-options call with the form’s values, or waits while one is empty', () => {
    const options = propertyOptions(module('imports').schema.properties!.export_category_id)!;
    expect(options.requires).toBe('validation.imports.content_type_first');
    expect(optionsAddress(options, { content_type_id: 1 })).toBeNull();
    expect(optionsAddress(options, { content_type_id: 1, export_client_service_id: '' })).toBeNull();
    expect(optionsAddress(options, { content_type_id: 1, export_client_service_id: 7 })).toEqual({
      path: 'content_types/1/categories',
      query: { content_client_service_id: '7' },
    });
    expect(optionsAddress({ path: 'a/{x}', query: {} }, { x: 'b/c' })).toEqual({ path: 'a/b%2Fc', query: {} });
  });
});
