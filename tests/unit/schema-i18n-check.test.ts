import { describe, expect, it } from 'vitest';
import { findCatalogueProblems, projectInput } from '../../src/tools/i18n-check';

const base = {
  pl: { validation: { tags: { name_min: 'co najmniej %{min} znak |||| co najmniej %{min} znaki |||| co najmniej %{min} znaków' } }, errors: { x: 'Błąd %{what}.' } },
  en: { validation: { tags: { name_min: 'at least %{min} character |||| at least %{min} characters' } }, errors: { x: 'Error %{what}.' } },
  sources: { 'src/a.ts': "throw httpError(400, 'errors.x');\nconst label = t('validation.tags.name_min', { min: 2 });" },
  schemas: { 'schemas/a.schema.json': { title: 'validation.tags.name_min', 'x-admin': { messages: { created: 'errors.x' } } } },
};

describe('i18n:check', () => {
  it('passes complete catalogues', () => {
    expect(findCatalogueProblems(base)).toEqual([]);
  });

  it('finds keys used in code or schemas that a catalogue lacks', () => {
    const problems = findCatalogueProblems({
      ...base,
      sources: { 'src/a.ts': "notify('app.toast.saved');\n// t('app.in_a_comment')" },
      schemas: { 'schemas/a.schema.json': { errorMessage: { required: { name: 'validation.tags.name_required' } } } },
    });
    expect(problems).toEqual([
      'src/a.ts:1: app.toast.saved is missing from i18n/pl.json',
      'src/a.ts:1: app.toast.saved is missing from i18n/en.json',
      'schemas/a.schema.json errorMessage.required.name: validation.tags.name_required is missing from i18n/pl.json',
      'schemas/a.schema.json errorMessage.required.name: validation.tags.name_required is missing from i18n/en.json',
    ]);
  });

  it('finds missing twins, different placeholders and wrong plural forms', () => {
    const problems = findCatalogueProblems({
      ...base,
      pl: { ...base.pl, errors: { x: 'Błąd %{what}.', only_pl: 'Tylko po polsku' }, app: { count: '%{smart_count} plik |||| %{smart_count} pliki' } },
      en: { ...base.en, errors: { x: 'Error %{which}.' }, app: { count: '%{smart_count} file |||| %{smart_count} files' } },
    });
    expect(problems).toEqual([
      'i18n/pl.json: errors.only_pl has no twin in i18n/en.json',
      'errors.x: placeholders differ (pl: what, en: which)',
      'i18n/pl.json: app.count has 2 plural form(s), pl needs 3',
    ]);
  });

  it('finds no problem in the project catalogues (npm run i18n:check)', () => {
    expect(findCatalogueProblems(projectInput())).toEqual([]);
  });
});

describe('i18n:check of the keys a schema derives by convention', () => {
  const catalogue = (fields: Record<string, string>, validation: Record<string, string>) => ({
    resources: { notes: { title: 'Notatki', fields, messages: { created: 'Dodano.', updated: 'Zapisano.', deleted: 'Usunięto.' } } },
    validation: { notes: validation },
  });
  const note = {
    type: 'object',
    properties: { name: { type: 'string', maxLength: 80 } },
    required: ['name'],
    'x-admin': { resource: 'notes', scope: 'admin', route: { path: '/admin/notatki', name: 'admin_notes' }, files: { photo: {} } },
  };
  const complete = { name: 'Nazwa', photo: 'Zdjęcie' };
  const messages = { name_required: 'Podaj nazwę.', name_max: 'Za długa.' };

  it('passes a schema whose derived keys are all in both catalogues', () => {
    const input = { pl: catalogue(complete, messages), en: catalogue(complete, messages), sources: {}, schemas: { 'schemas/note.schema.json': note } };
    expect(findCatalogueProblems(input)).toEqual([]);
  });

  it('names the schema file and each derived key a catalogue lacks', () => {
    const { photo: _photo, ...withoutPhoto } = complete;
    const { name_max: _max, ...withoutMax } = messages;
    const pl = catalogue(withoutPhoto, withoutMax);
    expect(findCatalogueProblems({ pl, en: pl, sources: {}, schemas: { 'schemas/note.schema.json': note } })).toEqual([
      'schemas/note.schema.json properties.name.errorMessage.maxLength (by convention): validation.notes.name_max is missing from i18n/pl.json',
      'schemas/note.schema.json properties.name.errorMessage.maxLength (by convention): validation.notes.name_max is missing from i18n/en.json',
      'schemas/note.schema.json x-admin.files.photo (by convention): resources.notes.fields.photo is missing from i18n/pl.json',
      'schemas/note.schema.json x-admin.files.photo (by convention): resources.notes.fields.photo is missing from i18n/en.json',
    ]);
  });
});
