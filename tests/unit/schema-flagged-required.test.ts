import { describe, expect, it } from 'vitest';
import pl from '../../i18n/pl.json';
import templateChoices from '../../schemas/site/appearance/template-choices.schema.json';
import { missingOfferedFields } from '../../src/client/schema/formSchema';
import { createTranslate, type TranslateParams } from '../../src/common/i18n/translate';
import { REQUIRED_WHEN_OFFERED } from '../../src/common/schema/flagged-required';
import { loadModuleSchema } from '../../src/common/schema/registry';
import { createAjv } from '../../src/common/schema/validation';

/**
 * A required field with x-flags (the template page's colour version, counter and home-page layout)
 * is required only where the service has it: the registry takes it out of JSON Schema's `required`
 * and marks it, and the form (and the server's field-flags capability) check it for the fields shown.
 */
const module = loadModuleSchema(templateChoices, 'schemas/site/appearance/template-choices.schema.json');
const polish = createTranslate(pl, 'pl');
const translate = (key: string, options?: Record<string, unknown>) => polish(key, options as TranslateParams);

describe('a required field with x-flags', () => {
  it('is no longer in required, and carries the key of its message instead', () => {
    expect(module.schema.required).toBeUndefined();
    expect(module.schema.properties?.template_counter?.[REQUIRED_WHEN_OFFERED]).toBe('validation.appearance.counter_required');
    expect(module.schema.properties?.template_color?.[REQUIRED_WHEN_OFFERED]).toBe('validation.appearance.color_required');
    // A service without counters can save a form without one.
    expect(createAjv().compile(module.schema)({ template_color: 'granat' })).toBe(true);
  });

  it('keeps the other required fields and their messages', () => {
    const mixed = loadModuleSchema(
      {
        type: 'object',
        properties: { name: { type: 'string', title: 'resources.tags.fields.name' }, motto: { type: 'string', 'x-flags': ['template:motto_text'] } },
        required: ['name', 'motto'],
        'x-admin': { resource: 'mottos', scope: 'service', route: { path: '/usluga/{service_id}/motta', name: 'service_mottos' } },
      },
      'mottos.schema.json',
    );
    expect(mixed.schema.required).toEqual(['name']);
    expect((mixed.schema.errorMessage as { required: Record<string, string> }).required).toEqual({ name: 'validation.mottos.name_required' });
    expect(mixed.schema.properties?.motto?.[REQUIRED_WHEN_OFFERED]).toBe('validation.mottos.motto_required');
  });

  it('the form asks for it where shown and empty, in Polish, and not where the service lacks it', () => {
    expect(missingOfferedFields(module, { template_color: '' }, new Set(), translate)).toEqual({
      template_color: 'Wersja kolorystyczna jest wymagana.',
      template_counter: 'Licznik jest wymagany.',
      template_homepage: 'Układ strony głównej jest wymagany.',
    });
    expect(missingOfferedFields(module, { template_color: 'granat' }, new Set(['template_counter', 'template_homepage']), translate)).toEqual({});
  });
});
