import { describe, expect, it } from 'vitest';
import { submissionSchema, type FormField } from '../../src/common/forms/submission-schema';
import { answersText, submissionErrors } from '../../src/modules/site/server/forms/submissions';
import { t } from '../../src/server/platform/http/errors';
import { buildSchemaRoutes } from '../../src/client/schema/routes';
import { clientRegistry } from '../../src/client/schema/registry';

const FIELDS: FormField[] = [
  { id: 1, kind: 'text', label: 'Imię', required: true },
  { id: 2, kind: 'email', label: 'E-mail', help: 'Odpowiemy na ten adres.' },
  { id: 3, kind: 'phone', label: 'Telefon' },
  { id: 4, kind: 'number', label: 'Wiek' },
  { id: 5, kind: 'textarea', label: 'Treść' },
  { id: 6, kind: 'choice', label: 'Temat', options: ['Pytanie', 'Skarga'] },
  { id: 7, kind: 'choices', label: 'Zainteresowania', options: ['Sport', 'Kultura'], required: true },
  { id: 8, kind: 'date', label: 'Data' },
  { id: 9, kind: 'consent', label: 'Zgoda', required: true },
  { id: 10, kind: 'file', label: 'Skan' },
];

describe('the submission schema of a form', () => {
  it('gives each field a property in the fields order, titled by its label, with its help', () => {
    const schema = submissionSchema(FIELDS);
    expect(Object.keys(schema.properties!)).toEqual(FIELDS.map((field) => `field_${field.id}`));
    expect(schema.properties!.field_2).toEqual({ title: 'E-mail', description: 'Odpowiemy na ten adres.', type: 'string', format: 'email', maxLength: 255 });
    expect(schema.properties!.field_6).toMatchObject({ type: 'string', enum: ['Pytanie', 'Skarga'] });
    expect(schema.properties!.field_7).toMatchObject({ type: 'array', items: { enum: ['Sport', 'Kultura'] }, uniqueItems: true, minItems: 1 });
    expect(schema.properties!.field_9).toMatchObject({ type: 'boolean', const: true });
    expect(schema.properties!.field_10).toMatchObject({ type: 'string', format: 'data-url' });
    expect(schema.required).toEqual(['field_1', 'field_7', 'field_9']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('makes an optional consent a plain yes or no, and an empty form an empty object', () => {
    expect(submissionSchema([{ id: 1, kind: 'consent', label: 'Newsletter' }]).properties!.field_1).toEqual({ title: 'Newsletter', type: 'boolean' });
    expect(submissionSchema([])).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
  });

  it('passes valid answers and names each wrong field in Polish', () => {
    const valid = { field_1: 'Anna', field_2: 'anna@example.pl', field_3: '+48 600 100 200', field_4: 30, field_6: 'Skarga', field_7: ['Sport'], field_8: '2026-02-28', field_9: true, field_10: 'skan.png' };
    expect(submissionErrors(FIELDS, valid)).toEqual({});
    expect(submissionErrors(FIELDS, { ...valid, field_1: undefined, field_3: 'abc', field_4: 'trzydzieści', field_7: [], field_8: '2026-02-30', field_9: false })).toEqual({
      field_1: t('validation.form_submission.required', { field: 'Imię' }),
      field_3: t('validation.form_submission.phone', { field: 'Telefon' }),
      field_4: t('validation.form_submission.number', { field: 'Wiek' }),
      field_7: t('validation.form_submission.required', { field: 'Zainteresowania' }),
      field_8: t('validation.form_submission.date', { field: 'Data' }),
      field_9: t('validation.form_submission.consent', { field: 'Zgoda' }),
    });
  });

  it('writes the answers as lines of label and answer', () => {
    expect(answersText(FIELDS, { field_1: 'Anna', field_7: ['Sport', 'Kultura'], field_9: true, field_10: 'skan.png' })).toBe(
      `Imię: Anna\nZainteresowania: Sport, Kultura\nZgoda: ${t('resources.form_submissions.mail.yes')}\nSkan: ${t('resources.form_submissions.mail.file', { name: 'skan.png' })}`,
    );
  });
});

describe("a form's pages", () => {
  const table = buildSchemaRoutes(clientRegistry.modules);
  const route = (name: string) => table.find((entry) => entry.name === name)!;

  it('have the SPEC 2 paths, under the form named by its record', () => {
    expect(route('service_forms_show')).toMatchObject({
      path: '/usluga/:service_id/moduly/formularze/:form_id',
      titleRecord: { api: '/client_service/{service_id}/module/forms/{form_id}', label: 'name' },
    });
    expect(route('service_forms_configuration')).toMatchObject({ path: '/usluga/:service_id/moduly/formularze/:form_id/konfiguracja', parent: 'service_forms_show' });
    for (const [name, path] of [['service_form_fields', 'pola'], ['service_form_fields_create', 'pola/dodaj'], ['service_form_fields_edit', 'pola/:field_id'], ['service_form_submissions', 'zgloszenia']]) {
      expect(route(name), name).toMatchObject({ path: `/usluga/:service_id/moduly/formularze/:form_id/${path}` });
    }
    expect(route('service_form_fields').parent).toBe('service_forms_show');
    // A record without pages of its own keeps its generic title.
    expect(route('service_configuration_tags_edit')?.titleRecord).toBeUndefined();
  });
});
