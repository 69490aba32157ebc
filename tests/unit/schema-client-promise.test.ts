import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../src/common/i18n/catalogues';
import { createTranslate } from '../../src/common/i18n/translate';
import { createRegistry } from '../../src/common/schema/registry';
import { formSchema, translateFormErrors } from '../../src/client/schema/formSchema';
import { buildSchemaRoutes } from '../../src/client/schema/routes';
import { validatorsModule } from '../../src/tools/build/schemaPlugin';

const polish = createTranslate(catalogues.pl, 'pl');
const translate = (key: string, options?: Record<string, unknown>) => polish(key, options as Record<string, string | number>);

// A module nobody has written code for: only this file.
const noteSchema = {
  type: 'object',
  title: 'resources.tags.title',
  properties: {
    name: {
      type: 'string',
      title: 'resources.tags.fields.name',
      minLength: 2,
      maxLength: 128,
      errorMessage: { type: 'validation.tags.name_required', minLength: 'validation.tags.name_min', maxLength: 'validation.tags.name_max' },
    },
    contact: { type: 'string', title: 'resources.recipients.fields.email', format: 'email', errorMessage: { format: 'validation.recipients.email_invalid' } },
    day: { type: 'string', title: 'resources.imports.fields.start_date', format: 'date' },
    until: { type: 'string', title: 'resources.news_items.fields.date', format: 'date' },
    notes: { type: 'string', title: 'resources.news.fields.lead', maxLength: 1000 },
  },
  required: ['name'],
  errorMessage: { required: { name: 'validation.tags.name_required' } },
  'x-admin': {
    resource: 'notes',
    scope: 'service',
    title: 'resources.tags.title',
    route: { path: '/usluga/{service_id}/notatki', name: 'service_notes', param: 'note_id', views: { list: '', create: 'dodaj', edit: 'edytuj/{note_id}' } },
    rules: [{ field: 'until', op: '>=', than: 'day' }],
  },
};

/** The plugin's module for a schemas folder, importable here: bare runtime imports made absolute. */
async function compiledValidators(schemasDir: string): Promise<ValidatorFunctions> {
  const require = createRequire(import.meta.url);
  const code = validatorsModule(schemasDir, 'panel').replace(/from "(ajv[^"]+)"/g, (_whole, specifier: string) => `from ${JSON.stringify(require.resolve(specifier))}`);
  const file = path.join(schemasDir, 'validators.mjs');
  writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ file)) as { validateFns: ValidatorFunctions }).validateFns;
}

describe('a new schema file, with no other change', () => {
  it('gets its screens and a browser validator compiled ahead, with the Polish messages', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rjsf-schemas-'));
    writeFileSync(path.join(dir, 'note.schema.json'), JSON.stringify(noteSchema));
    const module = createRegistry({ 'note.schema.json': noteSchema }).modules[0];

    expect(buildSchemaRoutes([module]).map((route) => route.path)).toEqual([
      '/usluga/:service_id/notatki',
      '/usluga/:service_id/notatki/dodaj',
      '/usluga/:service_id/notatki/edytuj/:note_id',
    ]);

    const validateFns = await compiledValidators(dir);
    const schema = formSchema(module, false);
    const validator = createPrecompiledValidator(validateFns, schema);
    const messages = (data: Record<string, unknown>) =>
      validator.validateFormData(data, schema, undefined, (errors) => translateFormErrors(errors, module, translate)).errorSchema;

    expect(messages({})).toEqual({ name: { __errors: ['Nazwa tagu jest wymagana.'] } });
    expect(messages({ name: 'a', contact: 'nie-adres' })).toEqual({
      name: { __errors: ['Nazwa tagu powinna zawierać co najmniej 2 znaki'] },
      contact: { __errors: ['Adres e-mail odbiorcy jest nieprawidłowy.'] },
    });
    expect(messages({ name: 'Notatka', contact: 'jan@example.com', day: '2096-02-29' })).toEqual({});
    // A rule between fields, with the server's message, on its field.
    expect(messages({ name: 'Notatka', day: '2026-11-23', until: '2026-11-22' })).toEqual({
      until: { __errors: ['Pole Data nie może zawierać daty wcześniejszej niż pole Data rozpoczęcia.'] },
    });
    expect(messages({ name: 'Notatka', day: '2026-11-23', until: '2026-11-23' })).toEqual({});
    // The shared date parser and the single-line check run in the browser as on the server.
    expect(messages({ name: 'Nota\u202Etka', contact: 'jan\u2066@example.com', day: '2099-02-30', notes: 'Linia\u202E' })).toEqual({
      name: { __errors: ['Pole Nazwa tagu zawiera niedozwolone znaki sterujące kierunkiem tekstu.'] },
      contact: { __errors: ['Pole Adres e-mail zawiera niedozwolone znaki sterujące kierunkiem tekstu.'] },
      day: { __errors: ['Pole Data rozpoczęcia jest nieprawidłowe.'] },
    });
  });
});
